/**
 * What a chunked upload needs to carry on after a page reload: the server's upload info per file, kept in
 * localStorage under the file's name, size and modification time ("video upload info"). When the same
 * file is chosen again the helper asks `metauri` where to resume.
 */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ResumeRecord {
  /** name|size|lastModified */
  key: string;
  name: string;
  size: number;
  uri: string;
  ccvid: string;
  uid: string;
  metauri: string;
  servicetype: string;
  /** Bytes the server had confirmed when this was last written (for display only: the server decides). */
  received: number;
  savedAt: number;
}

export const RESUME_STORAGE_KEY = 'zyk.upload.resume';
/** The server forgets an upload without progress after UPLOAD_EXPIRE_HOURS (24 h by default). */
export const RESUME_TTL_MS = 24 * 3_600_000;
const MAX_RECORDS = 20;

export const resumeKeyOf = (file: { name: string; size: number; lastModified?: number }) =>
  `${file.name}|${file.size}|${file.lastModified ?? 0}`;

const isRecord = (value: unknown): value is ResumeRecord => {
  const r = value as Partial<ResumeRecord> | null;
  return (
    !!r &&
    typeof r.key === 'string' &&
    typeof r.name === 'string' &&
    typeof r.size === 'number' &&
    typeof r.uri === 'string' &&
    typeof r.ccvid === 'string' &&
    typeof r.uid === 'string' &&
    typeof r.metauri === 'string' &&
    typeof r.servicetype === 'string' &&
    typeof r.savedAt === 'number'
  );
};

export class ResumeStore {
  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly now: () => number,
  ) {}

  /** Live records, newest first; expired or malformed ones are dropped. */
  list(): ResumeRecord[] {
    if (!this.storage) return [];
    let raw: unknown;
    try {
      raw = JSON.parse(this.storage.getItem(RESUME_STORAGE_KEY) ?? '[]');
    } catch {
      raw = [];
    }
    const cutoff = this.now() - RESUME_TTL_MS;
    return (Array.isArray(raw) ? raw : [])
      .filter(isRecord)
      .filter((r) => r.savedAt > cutoff)
      .map((r) => ({ ...r, received: typeof r.received === 'number' ? r.received : 0 }))
      .sort((a, b) => b.savedAt - a.savedAt);
  }

  get(key: string): ResumeRecord | null {
    return this.list().find((r) => r.key === key) ?? null;
  }

  put(record: Omit<ResumeRecord, 'savedAt'>) {
    this.write([{ ...record, savedAt: this.now() }, ...this.list().filter((r) => r.key !== record.key)]);
  }

  /** Notes the confirmed position (at most every few seconds is plenty: the server keeps the truth). */
  touch(key: string, received: number) {
    const records = this.list();
    const record = records.find((r) => r.key === key);
    if (!record) return;
    record.received = received;
    record.savedAt = this.now();
    this.write(records);
  }

  delete(key: string) {
    const records = this.list();
    if (records.some((r) => r.key === key)) this.write(records.filter((r) => r.key !== key));
  }

  private write(records: ResumeRecord[]) {
    if (!this.storage) return;
    try {
      if (records.length === 0) this.storage.removeItem(RESUME_STORAGE_KEY);
      else this.storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(records.slice(0, MAX_RECORDS)));
    } catch {
      // storage full or disabled (private mode): resuming after a reload is a convenience, not a requirement
    }
  }
}
