// Exact numbers for display, written as calculators/text.py writes them (signed, percent),
// so the build-time and live results match. Goes with render.js (issue 12 replaces both).

// "13/18" -> [13n, 18n]. BigInt: an attack's denominators outgrow doubles.
export function parseFraction(text) {
  const [num, den = "1"] = String(text).split("/");
  return [BigInt(num), BigInt(den)];
}

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function fractionText(num, den) {
  if (num === 0n) return "0";
  const divisor = gcd(num, den);
  const [n, d] = [num / divisor, den / divisor];
  return d === 1n ? String(n) : `${n}/${d}`;
}

export function percentText(chance) {
  const [num, den] = parseFraction(chance);
  if (num === 0n) return "0%";
  if (num === den) return "100%";
  const tenths = (2n * num * 1000n + den) / (2n * den); // rounds half up
  if (tenths === 0n) return "<0.1%";
  if (tenths === 1000n) return ">99.9%";
  return `${tenths / 10n}.${tenths % 10n}%`;
}

export function barWidth(chance) {
  const [num, den] = parseFraction(chance);
  return `${((Number(num) / Number(den)) * 100).toFixed(2)}%`;
}

export function isZero(chance) {
  return parseFraction(chance)[0] === 0n;
}

export function signed(number) {
  return number >= 0 ? `+${number}` : `-${-number}`;
}

// Chances of a natural 2D6 roll, as [numerator, 36n].
export function twoD6Exactly(roll) {
  return [BigInt(6 - Math.abs(roll - 7)), 36n];
}

export function twoD6AtLeast(roll) {
  let ways = 0n;
  for (let r = Math.max(roll, 2); r <= 12; r += 1) ways += twoD6Exactly(r)[0];
  return [ways, 36n];
}
