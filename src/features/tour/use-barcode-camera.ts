import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { barcodeReader } from './barcode-reader';

/** Where the camera scanner is; the refusals each get their own message and leave photo and typing open. */
export type CameraState = 'idle' | 'starting' | 'scanning' | 'refused' | 'no-camera' | 'busy' | 'failed';

/** Often enough to feel instant, rarely enough that a slow phone keeps its main thread free for the video. */
const SCAN_INTERVAL_MS = 250;

/** Without https (or on an old browser) there is no camera API at all. */
const cameraApi = () => 'mediaDevices' in navigator && typeof navigator.mediaDevices.getUserMedia === 'function';

function cameraError(e: unknown): CameraState {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/**
 * The back camera into `video`, read every SCAN_INTERVAL_MS until `onCode` returns true (a code found its
 * entry). The camera is released when stopped and when the view is left (unmount), so its light goes off.
 */
export function useBarcodeCamera(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => boolean,
): { state: CameraState; start: () => void; stop: () => void } {
  const [state, setState] = useState<CameraState>('idle');
  const session = useRef<{ stream?: MediaStream; timer?: ReturnType<typeof setTimeout>; stopped: boolean } | null>(
    null,
  );
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  const release = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (!s) return;
    s.stopped = true;
    clearTimeout(s.timer);
    for (const track of s.stream?.getTracks() ?? []) track.stop();
    if (video.current) video.current.srcObject = null;
  }, [video]);

  const stop = useCallback(() => {
    release();
    setState('idle');
  }, [release]);

  const start = useCallback(() => {
    release();
    if (!cameraApi()) {
      // no camera API at all (an old browser, or a page not served over https)
      setState('no-camera');
      return;
    }
    const s: { stream?: MediaStream; timer?: ReturnType<typeof setTimeout>; stopped: boolean } = { stopped: false };
    session.current = s;
    setState('starting');
    void (async () => {
      try {
        const reader = await barcodeReader();
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        s.stream = stream;
        const el = video.current;
        if (s.stopped || !el) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        el.srcObject = stream;
        await el.play();
        if (s.stopped) return;
        setState('scanning');
        const tick = async () => {
          if (s.stopped) return;
          try {
            if (el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && el.videoWidth > 0) {
              for (const code of await reader.detect(el)) {
                if (!s.stopped && handler.current(code.rawValue)) {
                  release();
                  return;
                }
              }
            }
          } catch (e) {
            // one unreadable frame is no reason to stop scanning
            console.warn('reading a camera frame failed', e);
          }
          if (!s.stopped) s.timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (e) {
        if (s.stopped) return;
        console.warn('the camera scanner could not start', e);
        release();
        setState(cameraError(e));
      }
    })();
  }, [release, video]);

  useEffect(() => release, [release]);

  // once allowed, the camera starts by itself when the scanner is opened: one tap less with gloves
  useEffect(() => {
    let live = true;
    if (!('permissions' in navigator)) return;
    navigator.permissions
      .query({ name: 'camera' as PermissionName })
      .then((status) => {
        if (live && status.state === 'granted' && cameraApi()) start();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [start]);

  return { state, start, stop };
}
