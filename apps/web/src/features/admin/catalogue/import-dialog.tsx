import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Segmented, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import type { CatalogueFormat } from '../api/catalogue-api.ts';
import { useCheckCatalogueImport, useImportCatalogue } from '../hooks/use-catalogue.ts';
import styles from './catalogue.module.css';

const CSV_HEADER = 'code,parent_code,kind,name,stage,subject,grade';
const PLACEHOLDER: Record<CatalogueFormat, string> = {
  csv: `${CSV_HEADER}\njm-rj,,edition,人教版,初中,数学,\njm-rj-8a,jm-rj,volume,八年级上册,初中,数学,8`,
  json: '{ "stage": "初中", "subject": "数学", "edition": { "code": "jm-rj", "name": "人教版" },\n  "volumes": [ { "code": "jm-rj-8a", "name": "八年级上册", "grade": 8, "units": [] } ] }',
};

interface Outcome {
  created: number;
  updated: number;
  unchanged: number;
}
const countsText = ({ created, updated, unchanged }: Outcome) =>
  `新建 ${created} 个、更新 ${updated} 个、不变 ${unchanged} 个节点`;

/**
 * A check answers in tens of milliseconds: a spinner shown for that long only flickers, and antd's spinner, leaving
 * before its entry finished, can stay in the button (invisible, but read out as "loading 检查").
 */
const PENDING_SPINNER = { delay: 200 };

/**
 * 导入: a catalogue as JSON (nested by edition, as 导出 writes it) or CSV (one node a row), picked from a file or
 * pasted. 检查 asks the server what the import would do without writing; 导入 writes what was checked. The server's
 * refusal names the bad row and is shown as it says it.
 */
export const ImportDialog = ({ onClose }: { onClose: () => void }) => {
  const [format, setFormat] = useState<CatalogueFormat>('csv');
  const [content, setContent] = useState('');
  const [checked, setChecked] = useState<{ format: CatalogueFormat; content: string; outcome: Outcome } | null>(null);
  const check = useCheckCatalogueImport();
  // The catalogue is asked for again after an import (the hook sees to it).
  const commit = useImportCatalogue();
  // Failures show in the dialog (check.error, commit.error).
  const runCheck = (body: { format: CatalogueFormat; content: string }) =>
    void check.mutateAsync(body).then(
      (outcome) => setChecked({ ...body, outcome }),
      () => {},
    );
  const runCommit = (body: { format: CatalogueFormat; content: string }) =>
    void commit.mutateAsync(body).then(
      () => setChecked(null),
      () => {},
    );
  // The check stands for the text it was made from: a change asks for a new one.
  const current = checked !== null && checked.format === format && checked.content === content;
  const edit = (next: { format?: CatalogueFormat; content?: string }) => {
    if (next.format !== undefined) setFormat(next.format);
    if (next.content !== undefined) setContent(next.content);
    check.reset();
    commit.reset();
  };
  const error = check.error ?? commit.error;

  return (
    <Modal
      open
      title="导入教材目录"
      onCancel={onClose}
      destroyOnHidden
      width={720}
      footer={[
        <Button key="close" onClick={onClose}>
          {commit.isSuccess ? '完成' : '取消'}
        </Button>,
        <Button
          key="check"
          disabled={!content.trim()}
          loading={check.isPending && PENDING_SPINNER}
          onClick={() => runCheck({ format, content })}
        >
          检查
        </Button>,
        <Button
          key="commit"
          type="primary"
          disabled={!current}
          loading={commit.isPending && PENDING_SPINNER}
          onClick={() => runCommit({ format, content })}
        >
          导入
        </Button>,
      ]}
    >
      <div className={styles.importBody}>
        <p className={styles.muted}>
          按编号识别节点：已有的更新名称与顺序，没有的新建，重复导入不会重复创建。任何一行有错则整体不写入。先“检查”，确认后再“导入”。
        </p>
        <div className={styles.importTools}>
          <Segmented
            aria-label="导入格式"
            value={format}
            onChange={(v) => edit({ format: v as CatalogueFormat })}
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'json', label: 'JSON' },
            ]}
          />
          <Upload
            accept=".csv,.json,text/csv,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              const ext = file.name.toLowerCase().split('.').pop();
              void file.text().then((text) =>
                edit({
                  content: text.replace(/^\uFEFF/, ''),
                  ...(ext === 'json' || ext === 'csv' ? { format: ext } : {}),
                }),
              );
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />}>选择文件</Button>
          </Upload>
        </div>
        <p className={styles.hint}>
          {format === 'csv'
            ? `CSV 第一行为列名 ${CSV_HEADER}；每行一个节点，上级在前；kind 为 edition、volume、unit 或 lesson。`
            : 'JSON 为一个或多个版本：stage、subject、edition，以及 volumes → units → lessons（与导出的格式相同）。'}
        </p>
        <label htmlFor="catalogue-import-content" className={styles.label}>
          目录内容（{format.toUpperCase()}）
        </label>
        <Input.TextArea
          id="catalogue-import-content"
          className={styles.importText}
          value={content}
          onChange={(e) => edit({ content: e.target.value })}
          autoSize={{ minRows: 6, maxRows: 14 }}
          placeholder={PLACEHOLDER[format]}
          spellCheck={false}
        />
        {error && (
          <Alert type="error" showIcon title={errorText(error, '导入失败')} data-testid="catalogue-import-error" />
        )}
        {current && (
          <Alert
            type="info"
            showIcon
            title={`检查通过（尚未导入）：将${countsText(checked.outcome)}`}
            data-testid="catalogue-import-check"
          />
        )}
        {commit.isSuccess && (
          <Alert
            type="success"
            showIcon
            title={`导入完成：${countsText(commit.data)}`}
            data-testid="catalogue-import-done"
          />
        )}
      </div>
    </Modal>
  );
};
