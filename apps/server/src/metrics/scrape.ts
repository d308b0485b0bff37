/** Reads a /metrics answer (Prometheus's text format) as `name{labels}` → value, labels as the client wrote them (tests). */
export async function scrape(url: string): Promise<Map<string, number>> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
