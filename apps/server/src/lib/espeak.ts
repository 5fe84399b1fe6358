import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * eSpeak NG (the `espeak-ng` package: the program compiled to WebAssembly, with every language's data)
 * run in a child process of its own for each text: a slow or failing synthesis never holds the server's
 * event loop, and it is killed past `TIMEOUT_MS`. The text reaches it as a file of its own file system
 * (never as an argument, where a leading `-` would read as an option); the sound comes back on stdout.
 */
const CHILD = `
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { module, voice, text } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const { default: ESpeakNg } = await import(module);
const config = {
  arguments: ['-b', '1', '-v', voice, '-f', '/text.txt', '-w', '/speech.wav'],
  preRun: [(instance) => (instance ?? config).FS.writeFile('/text.txt', text)],
  print: () => {},
  printErr: () => {},
};
const espeak = await ESpeakNg(config);
process.stdout.write(espeak.FS.readFile('/speech.wav'));
`;

const TIMEOUT_MS = 20_000;
/** A side of at most 1,000 characters is well under a minute of speech: about 3 MB of WAV. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

let modulePath: string | undefined;
const espeakModule = () => {
  modulePath ??= pathToFileURL(createRequire(import.meta.url).resolve('espeak-ng')).href;
  return modulePath;
};

export type Synthesize = (text: string, voice: string) => Promise<Buffer>;

/** The text spoken by the voice (an eSpeak NG voice name: `en`, `bg`…) as a WAV file. */
export const espeakSynthesize: Synthesize = (text, voice) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: TIMEOUT_MS,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wav = Buffer.concat(chunks);
      if (code === 0 && wav.subarray(0, 4).toString('latin1') === 'RIFF') resolve(wav);
      else reject(new Error(`eSpeak NG ended with ${signal ?? `code ${code}`}`));
    });
    child.stdin.end(JSON.stringify({ module: espeakModule(), voice, text }));
  });
