import { describe, expect, it } from 'vitest';
import {
  ALIYUN_PARAM_MAX_CHARS,
  aliyunSignature,
  aliyunTimestamp,
  popEncode,
  templateParams,
} from '../../apps/api/src/modules/account/aliyun-sms.ts';

describe('Aliyun SMS signature (version 1.0)', () => {
  it('matches the worked example of Aliyun’s SMS documentation', () => {
    // SendSms with AccessKeySecret "testSecret", signed as a GET: the published signature.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret', 'GET')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // The Signature parameter itself is not signed.
    expect(aliyunSignature({ ...params, Signature: 'x' }, 'testSecret', 'GET')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes as RFC 3986 (POP rules) and writes UTC timestamps to the second', () => {
    expect(popEncode("a b*!'()~")).toBe('a%20b%2A%21%27%28%29~');
    expect(popEncode('/=&+')).toBe('%2F%3D%26%2B');
    expect(aliyunTimestamp(new Date('2026-12-05T01:02:03.456Z'))).toBe('2026-12-05T01:02:03Z');
  });

  it('keeps template variables within Aliyun’s length limit', () => {
    expect(templateParams({ kind: 'code', purpose: 'register', code: '012345' })).toEqual({ code: '012345' });
    const reason = '资料不全'.repeat(20);
    const clipped = templateParams({ kind: 'registration_rejected', reason }).reason!;
    expect([...clipped]).toHaveLength(ALIYUN_PARAM_MAX_CHARS);
    expect(clipped.endsWith('…')).toBe(true);
    expect(templateParams({ kind: 'registration_approved', userName: 'wuxy' })).toEqual({ userName: 'wuxy' });
  });
});
