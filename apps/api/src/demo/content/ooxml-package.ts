import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Re-packs an Office file (a zip) so that the same content always gives the same bytes: the libraries stamp the
 * time of generation into docProps/core.xml and into every zip entry, which would make each demo seed differ and
 * defeat byte-for-byte checks. Entries keep their order, except that [Content_Types].xml goes first, where Office
 * itself writes it.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The entries of a zip without zip64 or encryption (what the Office libraries write), checksums verified. */
export const readZip = (zip: Buffer): ZipEntry[] => {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error('not a zip: broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const expectedCrc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(localAt) !== LOCAL_HEADER) throw new Error(`not a zip: no local header for ${name}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const packed = zip.subarray(dataAt, dataAt + packedSize);
    if (method !== STORED && method !== DEFLATED) throw new Error(`unsupported zip method ${method} for ${name}`);
    const data = method === DEFLATED ? inflateRawSync(packed) : packed;
    if (crc32(data) !== expectedCrc) throw new Error(`corrupt zip: checksum mismatch in ${name}`);
    if (!name.endsWith('/')) entries.push({ name, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** MS-DOS date and time fields of a zip entry (local time as written, two-second resolution). */
const dosDateTime = (when: Date) => ({
  time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
  date: ((when.getUTCFullYear() - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
});

/** A deflated zip of the entries, every one stamped with `when`. */
export const writeZip = (entries: readonly ZipEntry[], when: Date): Buffer => {
  const { time, date } = dosDateTime(when);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATED, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const CORE_PROPERTIES = 'docProps/core.xml';

/** The package with its creation and modification times set to `when`, in the core properties and the zip. */
export const stampPackage = (ooxml: Buffer | Uint8Array, when: Date): Buffer => {
  const stamp = when.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const entries = readZip(Buffer.from(ooxml)).map((entry) =>
    entry.name === CORE_PROPERTIES
      ? {
          name: entry.name,
          data: Buffer.from(
            entry.data
              .toString('utf8')
              .replace(/(<dcterms:(created|modified)\b[^>]*>)[^<]*(<\/dcterms:\2>)/g, `$1${stamp}$3`),
            'utf8',
          ),
        }
      : entry,
  );
  const contentTypes = entries.filter((e) => e.name === '[Content_Types].xml');
  return writeZip([...contentTypes, ...entries.filter((e) => e.name !== '[Content_Types].xml')], when);
};
