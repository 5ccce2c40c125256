import path from 'node:path';
import { OUTPUT_CAP, type RunResult, runTool, type Tools } from './tools.ts';

export interface OfficeConversion {
  /** Where LibreOffice writes the PDF in outDir (named after the input); the file is missing when it wrote none. */
  pdf: string;
  result: RunResult;
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
 * never share state), without network when the kernel allows and with a cap on what it may write.
 */
export const officeToPdf: OfficeConverter = async (tools, input, outDir, { timeoutMs, signal, workDir }) => {
  const result = await runTool(
    [
      ...tools.noNetwork,
      ...tools.fileSizeCap(OUTPUT_CAP),
      ...sofficeCommand(tools.soffice!, workDir, ['--convert-to', 'pdf', '--outdir', outDir, input]),
    ],
    { timeoutMs, cwd: workDir, env: { HOME: workDir, TMPDIR: workDir }, signal },
  );
  return { pdf: path.join(outDir, `${path.parse(input).name}.pdf`), result };
};
