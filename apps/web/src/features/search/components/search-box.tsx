import { SearchOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchPath } from '../../../lib/resource-paths.ts';
import { normalizeKeyword, startSearch } from '../lib/search-memory.ts';
import styles from './search-box.module.css';

const SEARCH_PAGE = '/home/search';

/**
 * The tab bar's search box. The keyword is trimmed; an empty one still goes to the search page.
 * On the search page the box shows the keyword being searched (hot words, records, back and forward).
 */
export const SearchBox = () => {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const urlKeyword = pathname === SEARCH_PAGE ? new URLSearchParams(search).get('searchKeyWord') : null;
  const [value, setValue] = useState(urlKeyword ?? '');
  const [followed, setFollowed] = useState(urlKeyword);
  if (urlKeyword !== followed) {
    setFollowed(urlKeyword);
    if (urlKeyword !== null) setValue(urlKeyword);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = normalizeKeyword(value);
    setValue(keyword);
    startSearch(keyword);
    navigate(searchPath(keyword));
  };

  return (
    <search className={styles.search} aria-label="资源检索">
      <form className={styles.box} onSubmit={submit}>
        <input
          className={styles.input}
          type="search"
          name="searchKeyWord"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="搜索资源标题、标签、简介"
          aria-label="搜索关键词"
          maxLength={50}
          enterKeyHint="search"
          autoComplete="off"
        />
        <button className={styles.button} type="submit" aria-label="搜索">
          <SearchOutlined aria-hidden />
        </button>
      </form>
    </search>
  );
};
