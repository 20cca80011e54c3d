// How a prize's chance is written, on the wheel and in the odds table: "12.5%", "< 0.1%", "0%".
export function formatChance(p: number): string {
  const pct = p * 100;
  if (pct === 0) return '0%';
  if (pct < 0.1) return '< 0.1%';
  return `${pct.toFixed(pct < 10 ? 1 : 0)}%`;
}
