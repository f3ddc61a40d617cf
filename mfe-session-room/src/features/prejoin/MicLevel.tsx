import { useEffect, useState } from 'react';

/** A live microphone level (0..1) so a person sees that they are heard before joining. */
export function MicLevel({ track }: { track: MediaStreamTrack | null }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track) return undefined;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    // Ten readings a second is enough for the eye and cheap on a phone.
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128) / 128);
      setLevel(Math.min(1, peak * 2));
    }, 100);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [track]);
  return (
    <label className="hv-prejoin__meter">
      Microphone level
      <meter min={0} max={1} low={0.1} value={track ? level : 0} />
    </label>
  );
}
