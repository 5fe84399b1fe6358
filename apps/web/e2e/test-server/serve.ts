/**
 * The end-to-end tests' web server: a mail catcher (real SMTP) and an OpenID provider standing in for
 * Google, a database prepared with a few test-only rules (test-rules.ts), then the real server (built)
 * configured to use them. Playwright starts it as its webServer and stops it with SIGTERM, which stops
 * everything started here.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMailCatcher } from './mail-catcher';
import { startOidcProvider } from './oidc-provider';
import { prepareTestDatabase } from './test-rules';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const publicUrl = required('PUBLIC_URL');
const mail = await startMailCatcher({
  port: Number(required('E2E_SMTP_PORT')),
  dir: required('E2E_MAIL_DIR'),
});
const oidc = await startOidcProvider({
  port: Number(required('E2E_OIDC_PORT')),
  redirectUri: `${publicUrl}/login/google`,
});

const serverDir = path.join(import.meta.dirname, '../../../server');
await prepareTestDatabase(required('DATA_DIR'), serverDir);

const server = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
  env: {
    ...process.env,
    SMTP_URL: mail.url,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    OIDC_ISSUER: oidc.issuer,
  },
  stdio: 'inherit',
});

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await Promise.all([mail.close(), oidc.close()]);
  process.exit(code);
};

process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
server.once('exit', (code) => void stop(code ?? 1));
