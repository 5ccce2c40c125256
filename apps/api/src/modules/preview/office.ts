import path from 'node:path';
import { builtinOfficeToPdf } from './builtin-documents.ts';
import { MediaError } from './media-error.ts';
import { OUTPUT_CAP, type RunResult, runTool, type Tools } from './tools.ts';

export interface OfficeConversion {
  /** Where LibreOffice writes the PDF in outDir (named after the input); the file is missing when it wrote none. */
  pdf: string;
  result: RunResult;
  /** Which LibreOffice made it: the system's, or the built-in WebAssembly one. */
  source: 'libreoffice' | 'libreoffice-wasm';
}

/** What turns an Office document into a PDF: officeToPdf, or one that wraps it (the tests replay identical runs). */
export type OfficeConverter = (
  tools: Tools,
  input: string,
  outDir: string,
  options: { timeoutMs: number; signal?: AbortSignal; workDir: string },
) => Promise<OfficeConversion>;

/** LibreOffice headless with its own profile in `workDir`, no first-start wizard, no restore: then `args`. */
export const sofficeCommand = (soffice: string, workDir: string, args: string[]) => [
  soffice,
  '--headless',
  '--invisible',
  '--nologo',
  '--nodefault',
  '--nofirststartwizard',
  '--nolockcheck',
  '--norestore',
  `-env:UserInstallation=file://${path.join(workDir, 'profile')}`,
  ...args,
];

/**
 * An Office document → PDF with LibreOffice headless, in `workDir` (its own profile and HOME there, so conversions
 * never share state), without network when the kernel allows and with a cap on what it may write. Without a system
 * LibreOffice, the built-in WebAssembly one converts it (it has no network or disk of its own to reach).
 */
export const officeToPdf: OfficeConverter = async (tools, input, outDir, options) => {
  if (!tools.soffice) return builtinConversion(input, outDir, options);
  const { timeoutMs, signal, workDir } = options;
  const result = await runTool(
    [
      ...tools.noNetwork,
      ...tools.fileSizeCap(OUTPUT_CAP),
      ...sofficeCommand(tools.soffice!, workDir, ['--convert-to', 'pdf', '--outdir', outDir, input]),
    ],
    { timeoutMs, cwd: workDir, env: { HOME: workDir, TMPDIR: workDir }, signal },
  );
  return { pdf: path.join(outDir, `${path.parse(input).name}.pdf`), result, source: 'libreoffice' };
};

const builtinConversion = async (
  input: string,
  outDir: string,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<OfficeConversion> => {
  const pdf = path.join(outDir, `${path.parse(input).name}.pdf`);
  const ended = (code: number | null, timedOut: boolean, why: string): OfficeConversion => ({
    pdf,
    result: { code, timedOut, stderr: why, stderrTail: why },
    source: 'libreoffice-wasm',
  });
  try {
    const written = await builtinOfficeToPdf(input, pdf, { timeoutMs, signal });
    return ended(written ? 0 : 1, false, written ? '' : 'LibreOffice (WebAssembly) could not read the document');
  } catch (error) {
    if (error instanceof MediaError && error.kind === 'timeout') return ended(null, true, error.reason);
    throw error;
  }
};
