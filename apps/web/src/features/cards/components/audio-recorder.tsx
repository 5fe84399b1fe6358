import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/use-object-url';

/** The recording formats to ask for, best first (Chromium and Firefox record WebM or Ogg, Safari MP4). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
/** A word or a short sentence; stopping by itself keeps a forgotten recording small. */
const MAX_SECONDS = 60;

export const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia);

/** The extension of a recording's type, for the file name sent to the server. */
export const recordingExtension = (type: string) =>
  type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';

type State = 'idle' | 'starting' | 'recording';

/**
 * Records a sound with the microphone: record, stop, listen (the player's own controls), discard or record
 * again. The record and stop control is one button, so focus stays on it as it changes.
 */
export function AudioRecorder({
  value,
  onChange,
  error,
}: {
  value: Blob | null;
  onChange: (recording: Blob | null) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('cards');
  const [state, setState] = useState<State>('idle');
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<'micDenied' | 'micFailed' | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const url = useObjectUrl(value);

  const releaseMicrophone = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = async () => {
    setProblem(null);
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = media;
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const next = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      next.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      next.onstop = () => {
        releaseMicrophone();
        recorder.current = null;
        const type = (next.mimeType || mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm';
        onChange(new Blob(chunks, { type }));
        setState('idle');
      };
      next.start();
      recorder.current = next;
      setSeconds(0);
      setState('recording');
    } catch (failure) {
      releaseMicrophone();
      setState('idle');
      const denied = failure instanceof DOMException && failure.name === 'NotAllowedError';
      setProblem(denied ? 'micDenied' : 'micFailed');
    }
  };

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => setSeconds((count) => count + 1), 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (seconds >= MAX_SECONDS) stop();
  }, [seconds, stop]);

  // Leaving the form mid-recording drops the recording and frees the microphone.
  useEffect(
    () => () => {
      const current = recorder.current;
      if (current && current.state !== 'inactive') {
        current.ondataavailable = null;
        current.onstop = null;
        current.stop();
      }
      releaseMicrophone();
    },
    [releaseMicrophone],
  );

  if (!canRecord()) return <Text size="sm">{t('audio.unsupported')}</Text>;

  const recording = state === 'recording';
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          color={recording ? 'red' : undefined}
          variant={recording ? 'filled' : 'light'}
          leftSection={
            recording ? (
              <IconPlayerStop size={18} aria-hidden="true" />
            ) : (
              <IconMicrophone size={18} aria-hidden="true" />
            )
          }
          loading={state === 'starting'}
          onClick={recording ? stop : start}
        >
          {recording ? t('audio.stop') : value ? t('audio.recordAgain') : t('audio.record')}
        </Button>
        {value && !recording && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={() => onChange(null)}
          >
            {t('audio.discard')}
          </Button>
        )}
        <Text size="sm" c={recording ? 'red' : 'dimmed'} role="status">
          {recording ? t('audio.recording', { time: clock }) : ''}
        </Text>
      </Group>
      {url && !recording && (
        // biome-ignore lint/a11y/useMediaCaption: a learner's own recording of one word has no captions
        <audio controls src={url} aria-label={t('audio.yourRecording')} style={{ width: '100%' }} />
      )}
      {problem && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {t(`audio.${problem}`)}
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
