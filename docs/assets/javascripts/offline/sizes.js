// How the offline copy's sizes are said: what a download costs and what the device keeps
// are different numbers (the files travel compressed), so each says which it is.

// 8.6 MB, 18 MB: one decimal below 10 MB, none above.
export function megabytes(bytes) {
  return `${number(bytes, bytes)} MB`;
}

function number(bytes, scale) {
  return (bytes / 1e6).toFixed(scale < 1e7 ? 1 : 0);
}

// "8.6 MB to download, 18 MB on this device"; `engine` is offline.json's {transfer, bytes}.
export function engineSize(engine) {
  return `${megabytes(engine.transfer)} to download, ${megabytes(engine.bytes)} on this device`;
}

// "2.1 of 8.6 MB downloaded"
export function progress(loaded, total) {
  return `${number(loaded, total)} of ${megabytes(total)} downloaded`;
}
