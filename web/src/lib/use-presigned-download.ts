import { useState } from 'react';

/**
 * A download through a short-lived presigned link asked for on the click (never kept in the page, so an
 * old tab cannot offer an expired one): `download()` fetches the link and hands it to the browser, which
 * saves the attachment; `failed` says the link could not be had.
 */
export function usePresignedDownload(fetchLink: () => Promise<{ url: string }>) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { url } = await fetchLink();
      window.location.assign(url);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}
