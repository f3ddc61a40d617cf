// A third party's JS SDK, added as one <script> the first time it is needed (never at page load) and
// shared by every later call; a failed load is forgotten so the next click tries again.
const loading = new Map<string, Promise<void>>();

export function loadScriptOnce(src: string, doc: Document = document): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${src} failed to load`));
      doc.head.appendChild(script);
    }).catch((error: unknown) => {
      loading.delete(src);
      throw error;
    });
    loading.set(src, pending);
  }
  return pending;
}
