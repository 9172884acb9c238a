/** What build is running, for the build_info metric: package.json's version and BUILD_COMMIT (set when the image is built). */
import { readFileSync } from 'node:fs';

export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
}

export function buildInfo(env: NodeJS.ProcessEnv = process.env): BuildInfo {
  let version = 'unknown';
  try {
    // From src/config and from dist/config alike, the package's own package.json.
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    if (typeof manifest.version === 'string') version = manifest.version;
  } catch {
    // A build copied without its package.json still runs; build_info then says so.
  }
  const commit = env.BUILD_COMMIT?.trim();
  return { version, commit: commit !== undefined && /^[0-9a-f]{7,40}$/.test(commit) ? commit : 'unknown' };
}
