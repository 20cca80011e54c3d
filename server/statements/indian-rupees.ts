// Rupee amounts as people in India read them: lakh and crore grouping (1,23,45,678.50). Shared by
// the PDF and CSV statements. Pure string arithmetic on the paise bigint, so an amount of any size
// prints exactly and a float never touches it.

/** 1234567850n -> "1,23,45,678.50"; negative amounts get a leading '-'. */
export function formatIndianRupees(paise: bigint): string {
  const negative = paise < 0n;
  const digits = (negative ? -paise : paise).toString().padStart(3, '0');
  const rupees = digits.slice(0, -2);
  const lastThree = rupees.slice(-3);
  const higher = rupees.slice(0, -3);
  // Above the thousands, Indian grouping puts a comma every two digits (lakh, crore, ...).
  const grouped = higher ? `${higher.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}${grouped}.${digits.slice(-2)}`;
}
