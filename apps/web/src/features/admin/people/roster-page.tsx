import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { RosterOutcome, RosterResult, RosterRowResult } from '@zyk/shared';
import { Alert, Button, Grid, Input, Result, Segmented, Table, type TableColumnsType, Tag, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { TouchSize } from '../../../components/touch-size.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { ROSTER_TEMPLATE } from '../api/people-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { useIdentity } from '../hooks/use-identity.ts';
import { useCommitRoster, usePreviewRoster } from '../hooks/use-people.ts';
import styles from './people.module.css';

const OUTCOMES: Record<RosterOutcome, { label: string; color: string }> = {
  create: { label: '新建', color: 'green' },
  update: { label: '更新', color: 'blue' },
  unchanged: { label: '不变', color: 'default' },
  rejected: { label: '拒绝', color: 'red' },
};

/** The template as a file the browser saves (BOM first, so Excel opens the Chinese right). */
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${ROSTER_TEMPLATE}\r\n`)}`;

const Counts = ({ result }: { result: RosterResult }) => (
  <div className={styles.counts} data-testid="roster-counts">
    <span>共 {result.rows.length} 行：</span>
    {(Object.keys(OUTCOMES) as RosterOutcome[]).map((k) => (
      <Tag key={k} color={OUTCOMES[k].color}>
        {OUTCOMES[k].label} {result.counts[k]}
      </Tag>
    ))}
  </div>
);

const stageOf = (r: RosterRowResult) => [r.values.stage, r.values.subject].filter(Boolean).join(' · ') || '—';

const lead: TableColumnsType<RosterRowResult> = [
  { title: '行号', dataIndex: 'line', width: 56 },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 72,
    render: (o: RosterOutcome) => <Tag color={OUTCOMES[o].color}>{OUTCOMES[o].label}</Tag>,
  },
];
const valueColumns: TableColumnsType<RosterRowResult> = [
  { title: '姓名', key: 'realName', width: 100, render: (_, r) => r.values.realName || '—' },
  { title: '用户名', key: 'userName', width: 120, render: (_, r) => r.values.userName || '—' },
  { title: '手机号', key: 'phone', width: 120, render: (_, r) => r.values.phone || '—' },
  { title: '学段学科', key: 'stage', width: 110, render: (_, r) => stageOf(r) },
  { title: '学校', key: 'school', width: 150, render: (_, r) => r.values.school || '（默认）' },
  { title: '角色', key: 'role', width: 100, render: (_, r) => r.values.role || '—' },
];
const summary: TableColumnsType<RosterRowResult>[number] = {
  title: '内容',
  key: 'values',
  render: (_, r) => (
    <div className={styles.nameCell}>
      <strong>
        {r.values.realName || '—'} {r.values.userName}
      </strong>
      <span className={styles.muted}>
        {stageOf(r)} · {r.values.school || '（默认）'} · {r.values.role || '—'}
      </span>
    </div>
  ),
};
const reasonColumn: TableColumnsType<RosterRowResult>[number] = {
  title: '原因',
  dataIndex: 'reason',
  render: (reason: string | null) => (reason ? <span className={styles.error}>{reason}</span> : ''),
};

const RowsTable = ({ result }: { result: RosterResult }) => {
  const compact = Grid.useBreakpoint().md === false;
  const [show, setShow] = useState<'all' | 'accepted' | 'rejected'>('all');
  const rows = result.rows.filter(
    (r) => show === 'all' || (show === 'rejected' ? r.outcome === 'rejected' : r.outcome !== 'rejected'),
  );
  return (
    <div className={styles.stack}>
      <Segmented
        value={show}
        onChange={(v) => setShow(v as typeof show)}
        aria-label="显示哪些行"
        options={[
          { value: 'all', label: `全部 ${result.rows.length}` },
          { value: 'accepted', label: `接受 ${result.rows.length - result.counts.rejected}` },
          { value: 'rejected', label: `拒绝 ${result.counts.rejected}` },
        ]}
      />
      <Table<RosterRowResult>
        rowKey="line"
        dataSource={rows}
        size="small"
        // On phones the row's values stack in one cell, so the table fits without scrolling sideways.
        {...(compact ? { tableLayout: 'fixed' as const } : { scroll: { x: 1000 } })}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(r) => ({ 'data-testid': `roster-line-${r.line}` }) as React.HTMLAttributes<HTMLElement>}
        columns={compact ? [...lead, summary, reasonColumn] : [...lead, ...valueColumns, reasonColumn]}
      />
    </div>
  );
};

/**
 * /admin/roster: upload or paste a roster CSV, see what every row would do (accepted and rejected, with reasons),
 * then commit; the commit checks the file again and answers what it did.
 */
export const RosterPage = () => {
  const identity = useIdentity();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<{ csv: string; result: RosterResult } | null>(null);
  const [committed, setCommitted] = useState<RosterResult | null>(null);
  const district = !!identity.data?.scope.all;

  const check = usePreviewRoster();
  const commit = useCommitRoster();
  // Failures show below (check.error, commit.error).
  const runCheck = (text: string) =>
    check.mutateAsync(text).then(
      (result) => {
        setPreview({ csv: text, result });
        setCommitted(null);
      },
      () => {},
    );
  const runCommit = (text: string) =>
    commit.mutateAsync(text).then(
      (result) => {
        setCommitted(result);
        setPreview(null);
      },
      () => {},
    );
  // The preview stands for the text it was made from: editing the text asks for a new preview.
  const stale = preview !== null && preview.csv !== csv;
  const writes = preview ? preview.result.counts.create + preview.result.counts.update : 0;
  const lines = useMemo(() => csv.split(/\r?\n/).filter((l) => l.trim()).length, [csv]);

  return (
    <TouchSize>
      <ConsolePage
        title="名册导入"
        description={
          district
            ? '批量新建或更新教师账号：先预览每一行的结果，确认后再导入。按用户名识别，重复导入不会重复创建。'
            : `批量新建或更新本校（${identity.data?.scope.schoolName ?? ''}）教师账号：先预览每一行的结果，确认后再导入。`
        }
        actions={
          <Button icon={<DownloadOutlined aria-hidden />} href={templateHref} download="名册模板.csv">
            下载模板
          </Button>
        }
      >
        <div className={styles.stack}>
          <ul className={styles.columns}>
            <li>第一行为表头：realName,userName,phone,idCard,stage,subject,school,role,password</li>
            <li>
              stage、subject 写学段与学科名称（如 小学、语文）；school 写学校编码或名称
              {district ? '，留空归入默认学校' : '，留空即本校'}；role 写角色编码（teacher 为教师）
              {district ? '' : '，学校管理员只能导入教师'}。
            </li>
            <li>已存在的用户名按名册更新姓名、联系方式、学段学科与学校，密码保持不变。</li>
          </ul>
          <div className={styles.rosterTools}>
            <Upload
              accept=".csv,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((text) => setCsv(text.replace(/^\uFEFF/, '')));
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />}>选择 CSV 文件</Button>
            </Upload>
            <span className={styles.muted}>或直接粘贴到下面（{lines} 行）</span>
          </div>
          <label htmlFor="roster-csv" className={styles.hint}>
            名册内容（CSV）
          </label>
          <Input.TextArea
            id="roster-csv"
            className={styles.csv}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            autoSize={{ minRows: 6, maxRows: 16 }}
            placeholder={ROSTER_TEMPLATE}
            spellCheck={false}
            data-testid="roster-csv"
          />
          <div className={styles.rosterTools}>
            <Button
              type="primary"
              disabled={!csv.trim()}
              loading={check.isPending}
              onClick={() => void runCheck(csv)}
              data-testid="roster-preview"
            >
              预览
            </Button>
            <Button
              disabled={!preview || stale || writes === 0}
              loading={commit.isPending}
              onClick={() => preview && void runCommit(preview.csv)}
              data-testid="roster-commit"
            >
              确认导入{preview && !stale ? `（${writes} 人）` : ''}
            </Button>
          </div>
          {check.isError && <Alert type="error" showIcon title={errorText(check.error, '预览失败')} />}
          {commit.isError && <Alert type="error" showIcon title={errorText(commit.error, '导入失败')} />}
          {stale && <Alert type="warning" showIcon title="名册内容已修改，请重新预览后再导入" />}
          {preview && !stale && (
            <section className={styles.stack} aria-label="预览结果">
              <h2 className={styles.sectionTitle}>预览结果（尚未导入）</h2>
              <Counts result={preview.result} />
              <RowsTable result={preview.result} />
            </section>
          )}
          {committed && (
            <section className={styles.stack} aria-label="导入结果">
              <Result
                status={committed.counts.rejected > 0 ? 'warning' : 'success'}
                title={`导入完成：新建 ${committed.counts.create} 人，更新 ${committed.counts.update} 人`}
                subTitle={
                  committed.counts.rejected > 0
                    ? `${committed.counts.rejected} 行被拒绝，修改后可再次导入（已导入的行不会重复创建）`
                    : undefined
                }
              />
              <Counts result={committed} />
              <RowsTable result={committed} />
            </section>
          )}
        </div>
      </ConsolePage>
    </TouchSize>
  );
};
