import { routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { type TestApp, testAppFor } from '../support/app.ts';

let t: TestApp;
testAppFor((app) => (t = app));

describe('GET /api/open/dict/list', () => {
  it('lists stages with 全部 (id null) first, in seeded order', async () => {
    const res = await t.client().call(routes.dictList, { query: { dictId: 0, dictLevel: 1 } });
    expect(res.code).toBe(0);
    expect(res.data[0]).toEqual({ id: null, dictName: '全部' });
    expect(res.data.slice(1).map((d) => d.dictName)).toEqual(['学前', '小学', '初中', '高中', '中职', '特殊教育']);
  });

  it('lists the subjects of one stage with 全部学科 first', async () => {
    const stages = await t.client().call(routes.dictList, { query: { dictId: 0, dictLevel: 1 } });
    const junior = stages.data.find((d) => d.dictName === '初中');
    const res = await t.client().call(routes.dictList, { query: { dictId: junior!.id!, dictLevel: 2 } });
    expect(res.data[0]).toEqual({ id: null, dictName: '全部学科' });
    const names = res.data.map((d) => d.dictName);
    expect(names).toContain('数学');
    expect(names).toContain('物理');
    expect(names).not.toContain('思想政治'); // a 高中 subject
  });

  it('answers an empty list (besides 全部学科) for a stage that does not exist', async () => {
    const res = await t.client().call(routes.dictList, { query: { dictId: 999_999, dictLevel: 2 } });
    expect(res.data).toEqual([{ id: null, dictName: '全部学科' }]);
  });

  it('rejects a level other than 1 or 2 with a Chinese message', async () => {
    const res = await fetch(`${t.url}/api/open/dict/list?dictId=0&dictLevel=3`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, data: null });
    expect(body.msg).toContain('字典层级只能是 1（学段）或 2（学科）');
  });
});
