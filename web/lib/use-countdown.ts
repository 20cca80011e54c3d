// A seconds countdown (OTP resend cooldown): start(60) then read `seconds` until it reaches 0.
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { seconds: number; start(from: number): void } {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(t);
  }, [seconds]);
  const start = useCallback((from: number) => setSeconds(from), []);
  return { seconds, start };
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
