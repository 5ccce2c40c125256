import fs from 'node:fs/promises';

const syncPath = async (target: string, flags: string) => {
  const handle = await fs.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** fsync a file's data (the writer's own descriptor is already closed; fsync covers the whole inode). */
export const syncFile = (file: string) => syncPath(file, 'r+');

/** fsync a directory so a rename or a new entry in it survives a power cut. */
export const syncDir = (dir: string) => syncPath(dir, 'r');
