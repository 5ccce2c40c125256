import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../apps/api/src/lib/paths.ts';

/** Debian's nginx, when installed (`.ci/run` installs it). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((binary) => {
  try {
    execFileSync(binary, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

/**
 * The shipped deploy/nginx.conf with only what ties it to docker compose replaced: Docker's resolver goes, the
 * `api` service becomes the given instances, and it listens on a loopback port. Everything else is the file as
 * districts run it.
 */
export interface NginxSiteOptions {
  port: number;
  instances: string[];
  /** The address of a proxy in front, filled into the file's commented `set_real_ip_from` line. */
  trustedProxy?: string;
}

export const shippedNginxSite = (options: NginxSiteOptions) => {
  const shipped = readFileSync(path.join(ROOT_DIR, 'deploy/nginx.conf'), 'utf8');
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    return text.replace(pattern, by);
  };
  let site = replace(shipped, /^resolver .*;$/m, '');
  site = replace(site, /^\s*server api:3000 resolve;$/m, options.instances.map((a) => `    server ${a};`).join('\n'));
  if (options.trustedProxy) {
    site = replace(site, /^\s*# set_real_ip_from .*;$/m, `    set_real_ip_from ${options.trustedProxy};`);
  }
  return replace(site, /^\s*listen 80;$/m, `    listen 127.0.0.1:${options.port};`);
};

/** Runs nginx (in the foreground, its own prefix folder) with the shipped site; `stop` ends it and removes the folder. */
export const startShippedNginx = async (options: NginxSiteOptions) => {
  if (!NGINX) throw new Error('nginx is not installed');
  const temp = mkdtempSync(path.join(os.tmpdir(), 'zyk-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(temp, dir));
  // nginx started as root hands requests to workers running as nobody.
  chmodSync(temp, 0o777);
  writeFileSync(path.join(temp, 'site.conf'), shippedNginxSite(options));
  writeFileSync(
    path.join(temp, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${temp}/site.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', temp, '-c', path.join(temp, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/nginx-healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i === 100) throw new Error(`nginx did not answer: ${readFileSync(path.join(temp, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(temp, { recursive: true, force: true });
    },
  };
};
