/** POSTs a file to a presigned URL with the policy's fields, reporting progress (fetch cannot). */
export function postWithProgress(url: string, fields: Record<string, string>, blob: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // The file goes last: S3 ignores fields after it.
    form.append('file', blob);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
}
