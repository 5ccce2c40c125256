import type { Family, FileKind } from './file-types.ts';

/** Reads `length` bytes at `start` of the stored object (fewer at its end). */
export type RangeReader = (start: number, length: number) => Promise<Buffer>;

export interface Detected {
  family: Family;
  kind: FileKind;
  mime: string;
  /** What the content really is, e.g. 'ooxml-word', 'ole-excel', 'mp4', 'mp3'. */
  format: string;
}

/** How many leading bytes the detectors look at before anything else. */
export const HEAD_BYTES = 64 * 1024;

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);
const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

// ---------------------------------------------------------------- documents

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const detectImage = (head: Buffer): Detected | null => {
  const image = (format: string, mime: string): Detected => ({ family: 'image', kind: 'image', mime, format });
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('jpeg', 'image/jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('png', 'image/png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return image('gif', 'image/gif');
  // BMP: "BM", then the file size and a known DIB header size
  if (ascii(head, 0, 2) === 'BM' && head.length >= 18) {
    const dib = head.readUInt32LE(14);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return image('bmp', 'image/bmp');
  }
  return null;
};

/** Names in a zip's central directory (OOXML packages are zips), or null when it is not a readable zip. */
export const zipEntryNames = async (size: number, read: RangeReader): Promise<string[] | null> => {
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await read(size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let entries = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset === 0xffffffff || cdSize === 0xffffffff || entries === 0xffff) {
    // zip64: the locator sits just before the EOCD record
    const at = eocd - 20;
    if (at < 0 || tail.readUInt32LE(at) !== 0x07064b50) return null;
    const z64 = Number(tail.readBigUInt64LE(at + 8));
    const rec = await read(z64, 56);
    if (rec.length < 56 || rec.readUInt32LE(0) !== 0x06064b50) return null;
    entries = Number(rec.readBigUInt64LE(32));
    cdSize = Number(rec.readBigUInt64LE(40));
    cdOffset = Number(rec.readBigUInt64LE(48));
  }
  if (cdSize > 8 * 1024 * 1024 || cdOffset + cdSize > size || entries > 100_000) return null;
  const cd = await read(cdOffset, cdSize);
  const names: string[] = [];
  let p = 0;
  while (p + 46 <= cd.length && names.length < entries) {
    if (cd.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    names.push(cd.toString('utf8', p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
};

const detectOoxml = async (size: number, read: RangeReader): Promise<Detected | null> => {
  const names = await zipEntryNames(size, read);
  if (!names?.includes('[Content_Types].xml')) return null;
  const has = (prefix: string) => names.some((n) => n.startsWith(prefix));
  if (has('word/'))
    return {
      family: 'word',
      kind: 'document',
      format: 'ooxml-word',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
  if (has('xl/'))
    return {
      family: 'excel',
      kind: 'document',
      format: 'ooxml-excel',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  if (has('ppt/'))
    return {
      family: 'powerpoint',
      kind: 'document',
      format: 'ooxml-powerpoint',
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    };
  return null;
};

const ENDOFCHAIN = 0xfffffffe;
const MAX_SECTOR = 0xfffffffa;

/**
 * Stream names of an OLE compound file (legacy .doc/.xls/.ppt): header → FAT (through the DIFAT) → the directory
 * chain. Bounded everywhere, so a crafted file cannot make it loop or read without end.
 */
export const oleStreamNames = async (size: number, read: RangeReader): Promise<string[] | null> => {
  const header = await read(0, 512);
  if (!startsWith(header, OLE_MAGIC) || header.length < 512) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorCount = Math.floor((size - sectorSize) / sectorSize);
  const firstDir = header.readUInt32LE(0x30);
  const fatCount = header.readUInt32LE(0x2c);
  if (fatCount > 100_000) return null;
  const sectorAt = (n: number) => read((n + 1) * sectorSize, sectorSize);

  // FAT sector numbers: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let guard = 0; fatSectors.length < fatCount && difat <= MAX_SECTOR && guard < 10_000; guard++) {
    const sector = await sectorAt(difat);
    if (sector.length < sectorSize) return null;
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++) fatSectors.push(sector.readUInt32LE(i * 4));
    difat = sector.readUInt32LE(sectorSize - 4);
  }
  const fatCache = new Map<number, Buffer>();
  const next = async (n: number) => {
    const index = Math.floor(n / perSector);
    const fatSector = fatSectors[index];
    if (fatSector === undefined || fatSector > MAX_SECTOR) return ENDOFCHAIN;
    let buf = fatCache.get(index);
    if (!buf) {
      buf = await sectorAt(fatSector);
      fatCache.set(index, buf);
    }
    return buf.length >= ((n % perSector) + 1) * 4 ? buf.readUInt32LE((n % perSector) * 4) : ENDOFCHAIN;
  };

  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = firstDir; sector <= MAX_SECTOR && sector < sectorCount + 1 && seen.size < 256; ) {
    if (seen.has(sector)) return null;
    seen.add(sector);
    const buf = await sectorAt(sector);
    for (let off = 0; off + 128 <= buf.length; off += 128) {
      const nameLength = buf.readUInt16LE(off + 0x40);
      const type = buf[off + 0x42];
      if (type === 0 || nameLength < 2 || nameLength > 64) continue;
      names.push(buf.toString('utf16le', off, off + nameLength - 2));
    }
    sector = await next(sector);
  }
  return names.length > 0 ? names : null;
};

const detectOle = async (size: number, read: RangeReader): Promise<Detected | null> => {
  const names = await oleStreamNames(size, read);
  if (!names) return null;
  if (names.includes('WordDocument'))
    return { family: 'word', kind: 'document', format: 'ole-word', mime: 'application/msword' };
  if (names.includes('Workbook') || names.includes('Book'))
    return { family: 'excel', kind: 'document', format: 'ole-excel', mime: 'application/vnd.ms-excel' };
  if (names.includes('PowerPoint Document'))
    return { family: 'powerpoint', kind: 'document', format: 'ole-powerpoint', mime: 'application/vnd.ms-powerpoint' };
  // A password-protected OOXML file is an OLE container holding the encrypted package.
  if (names.includes('EncryptedPackage'))
    return { family: 'word', kind: 'document', format: 'ole-encrypted', mime: 'application/octet-stream' };
  return null;
};

/**
 * What a stored document really is, judged by its bytes (the extension only picks which answers are acceptable).
 * `head` is the first HEAD_BYTES (or the whole file when shorter); `read` fetches other ranges.
 */
export const detectDocument = async (head: Buffer, size: number, read: RangeReader): Promise<Detected | null> => {
  const image = detectImage(head);
  if (image) return image;
  const pdfAt = head.subarray(0, 1024).indexOf('%PDF-');
  if (pdfAt >= 0) return { family: 'pdf', kind: 'document', format: 'pdf', mime: 'application/pdf' };
  if (startsWith(head, ZIP_MAGIC)) return detectOoxml(size, read);
  if (startsWith(head, OLE_MAGIC)) return detectOle(size, read);
  if (ascii(head, 0, 5) === '{\\rtf')
    return { family: 'word', kind: 'document', format: 'rtf', mime: 'application/rtf' };
  return null;
};

/** Whether a detected format fits a family (an encrypted OOXML package fits any Office family). */
export const fitsFamily = (detected: Detected, family: Family) =>
  detected.family === family ||
  (detected.format === 'ole-encrypted' && (family === 'word' || family === 'excel' || family === 'powerpoint'));

// ---------------------------------------------------------------- plain text

/**
 * Streaming check that a file is plain text: valid UTF-8 (optionally with a BOM) or valid GBK/GB18030, and no NUL
 * or other binary control bytes. Feed every chunk, then ask `result()`.
 */
export class TextValidator {
  private utf8Ok = true;
  private gbkOk = true;
  private binary = false;
  private utf8Need = 0;
  private utf8Min = 0;
  private utf8Cp = 0;
  private gbState = 0; // 0 start, 1 after lead byte, 2 after 4-byte 2nd, 3 after 4-byte 3rd
  private total = 0;

  update(chunk: Buffer) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x0b && b !== 0x1a && b !== 0x1b) {
        this.binary = true;
        return;
      }
      if (this.utf8Ok) this.utf8Byte(b);
      if (this.gbkOk) this.gbByte(b);
      if (!this.utf8Ok && !this.gbkOk) return;
    }
    this.total += chunk.length;
  }

  private utf8Byte(b: number) {
    if (this.utf8Need === 0) {
      if (b < 0x80) return;
      if (b >= 0xc2 && b <= 0xdf) {
        this.utf8Need = 1;
        this.utf8Cp = b & 0x1f;
        this.utf8Min = 0x80;
      } else if (b >= 0xe0 && b <= 0xef) {
        this.utf8Need = 2;
        this.utf8Cp = b & 0x0f;
        this.utf8Min = 0x800;
      } else if (b >= 0xf0 && b <= 0xf4) {
        this.utf8Need = 3;
        this.utf8Cp = b & 0x07;
        this.utf8Min = 0x10000;
      } else this.utf8Ok = false;
      return;
    }
    if ((b & 0xc0) !== 0x80) {
      this.utf8Ok = false;
      return;
    }
    this.utf8Cp = (this.utf8Cp << 6) | (b & 0x3f);
    this.utf8Need--;
    if (this.utf8Need === 0) {
      const cp = this.utf8Cp;
      if (cp < this.utf8Min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) this.utf8Ok = false;
    }
  }

  private gbByte(b: number) {
    switch (this.gbState) {
      case 0:
        if (b < 0x80) return;
        if (b >= 0x81 && b <= 0xfe) this.gbState = 1;
        else this.gbkOk = false;
        return;
      case 1:
        if ((b >= 0x40 && b <= 0x7e) || (b >= 0x80 && b <= 0xfe)) this.gbState = 0;
        else if (b >= 0x30 && b <= 0x39) this.gbState = 2;
        else this.gbkOk = false;
        return;
      case 2:
        if (b >= 0x81 && b <= 0xfe) this.gbState = 3;
        else this.gbkOk = false;
        return;
      default:
        if (b >= 0x30 && b <= 0x39) this.gbState = 0;
        else this.gbkOk = false;
    }
  }

  /** The charset when the whole input was text, else null. */
  result(): 'utf-8' | 'gb18030' | null {
    if (this.binary) return null;
    if (this.utf8Ok && this.utf8Need === 0) return 'utf-8';
    if (this.gbkOk && this.gbState === 0) return 'gb18030';
    return null;
  }

  /** True once the input can no longer be text (the upload can stop early). */
  get failed() {
    return this.binary || (!this.utf8Ok && !this.gbkOk);
  }
}

// ---------------------------------------------------------------- audio and video

const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];

const media = (format: string, mime: string, kind: 'video' | 'audio'): Detected => ({
  family: 'media',
  kind,
  mime,
  format,
});

/** An MPEG audio frame header (MP1/2/3) at `at`. */
const isMpegAudioFrame = (buf: Buffer, at: number) => {
  if (buf.length < at + 4) return false;
  const b1 = buf[at + 1]!;
  const b2 = buf[at + 2]!;
  return (
    buf[at] === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 && // version: reserved
    ((b1 >> 1) & 3) !== 0 && // layer: reserved
    b2 >> 4 !== 0xf && // bitrate: bad
    ((b2 >> 2) & 3) !== 3 // sampling rate: reserved
  );
};

const isAdts = (buf: Buffer, at: number) =>
  buf.length >= at + 7 && buf[at] === 0xff && (buf[at + 1]! & 0xf6) === 0xf0 && ((buf[at + 2]! >> 2) & 0xf) < 13;

const detectAudioStream = (buf: Buffer, at: number): Detected | null => {
  if (ascii(buf, at, at + 4) === 'fLaC') return media('flac', 'audio/flac', 'audio');
  if (isAdts(buf, at)) return media('aac', 'audio/aac', 'audio');
  if (isMpegAudioFrame(buf, at)) return media('mp3', 'audio/mpeg', 'audio');
  return null;
};

/**
 * Video and audio containers the spec lists (MP4/MOV/3GP/M4A, FLV, AVI, MKV/WebM, MP3, WAV, FLAC, AAC, WMV/ASF,
 * RM/RMVB, MPEG-PS/TS), judged by their bytes.
 */
export const detectMedia = async (
  head: Buffer,
  size: number,
  read: RangeReader,
  extension: string,
): Promise<Detected | null> => {
  if (head.length >= 12) {
    const box = ascii(head, 4, 8);
    if (box === 'ftyp') {
      const brand = ascii(head, 8, 12);
      if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return media('m4a', 'audio/mp4', 'audio');
      if (brand.startsWith('3gp') || brand.startsWith('3g2')) return media('3gp', 'video/3gpp', 'video');
      if (brand === 'qt  ') return media('mov', 'video/quicktime', 'video');
      return extension === 'm4a' ? media('m4a', 'audio/mp4', 'audio') : media('mp4', 'video/mp4', 'video');
    }
    if (QUICKTIME_ATOMS.has(box) && head.readUInt32BE(0) >= 8) return media('mov', 'video/quicktime', 'video');
  }
  if (ascii(head, 0, 3) === 'FLV' && head[3] === 1) return media('flv', 'video/x-flv', 'video');
  if (ascii(head, 0, 4) === 'RIFF') {
    const type = ascii(head, 8, 12);
    if (type === 'AVI ') return media('avi', 'video/x-msvideo', 'video');
    if (type === 'WAVE') return media('wav', 'audio/wav', 'audio');
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const webm = head.subarray(0, 64).includes('webm');
    return webm ? media('webm', 'video/webm', 'video') : media('mkv', 'video/x-matroska', 'video');
  }
  if (startsWith(head, ASF_GUID)) return media('wmv', 'video/x-ms-wmv', 'video');
  if (ascii(head, 0, 4) === '.RMF')
    return media(
      'rmvb',
      extension === 'rm' ? 'application/vnd.rn-realmedia' : 'application/vnd.rn-realmedia-vbr',
      'video',
    );
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3]))
    return media('mpeg', 'video/mpeg', 'video');
  if (head.length >= 189 * 3 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47)
    return media('mpeg-ts', 'video/mp2t', 'video');
  if (ascii(head, 0, 4) === 'ADIF') return media('aac', 'audio/aac', 'audio');
  if (ascii(head, 0, 3) === 'ID3' && head.length >= 10) {
    // ID3v2 tag (syncsafe size), then the audio stream itself
    const tagSize =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    let at = 10 + tagSize + (head[5]! & 0x10 ? 10 : 0);
    if (at >= size) return null;
    let buf = head;
    if (at + 16 > head.length) {
      buf = await read(at, 4096);
      at = 0;
    }
    // some encoders pad with zero bytes after the tag
    while (at < buf.length && buf[at] === 0) at++;
    return detectAudioStream(buf, at);
  }
  return detectAudioStream(head, 0);
};
