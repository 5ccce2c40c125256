import { describe, expect, it } from 'vitest';
import { flagArgs } from '../../apps/api/src/cli/command.ts';

const NAMES = ['userName', 'realName', 'password', 'phone'] as const;
const USAGE = 'create-user --userName u --realName 姓名 --password p [--phone]';
const parse = (line: string[]) => flagArgs(line, NAMES, USAGE);

describe('admin CLI flags', () => {
  it('reads --name value and --name=value, the last one winning, values that start with a dash included', () => {
    expect(parse(['--userName', 'zhoulaoshi', '--realName', '周老师', '--password=a1b2c3d4'])).toEqual({
      userName: 'zhoulaoshi',
      realName: '周老师',
      password: 'a1b2c3d4',
    });
    expect(parse(['--phone', '1', '--phone', '2', '--password', '-x1y2z3w4'])).toEqual({
      phone: '2',
      password: '-x1y2z3w4',
    });
    expect(parse([])).toEqual({});
  });

  it('refuses a stray word or a missing value with the whole line, as before', () => {
    for (const line of [['--userName'], ['zhoulaoshi'], ['--userName', 'u', 'extra'], ['--userName', 'u', '--', 'x']]) {
      expect(() => parse(line)).toThrow(`参数有误：${line.join(' ')}`);
    }
  });

  it('names an unknown option and the usage', () => {
    expect(() => parse(['--usrName', 'u'])).toThrow(`参数有误：未知参数 --usrName，用法：npm run admin -- ${USAGE}`);
    expect(() => parse(['-u', 'x'])).toThrow('参数有误：未知参数 -u，');
  });
});
