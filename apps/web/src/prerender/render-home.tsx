import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { HomeFirstPaint } from '../features/home/components/home-first-paint.tsx';

/** The home page's first paint as static markup; apps/web/prerender.mjs puts it into home.html. */
export const renderHomeFirstPaint = () =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/home/index']}>
      <HomeFirstPaint />
    </MemoryRouter>,
  );
