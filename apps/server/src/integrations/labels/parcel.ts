/** The local provider's parcel numbers: 2 letters and 11 digits, like Colissimo's own (13 characters). */
export const LOCAL_PARCEL_PREFIX = "VT";
const SEQUENCE_DIGITS = 10;

/** Luhn's check digit of a string of digits: a mistyped digit gives another check digit. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** "VT" + the sequence value on 10 digits + its check digit: unique as long as the sequence is. */
export function localParcelNumber(sequenceValue: number): string {
  if (!Number.isSafeInteger(sequenceValue) || sequenceValue < 1 || sequenceValue >= 10 ** SEQUENCE_DIGITS) {
    throw new RangeError(`parcel sequence value out of range: ${sequenceValue}`);
  }
  const digits = String(sequenceValue).padStart(SEQUENCE_DIGITS, "0");
  return `${LOCAL_PARCEL_PREFIX}${digits}${luhnCheckDigit(digits)}`;
}

/** A parcel number as Colissimo writes them: 2 letters or digits, then 11 digits. */
export const PARCEL_NUMBER_PATTERN = /^[A-Z0-9]{2}\d{11}$/;

/** Our estimate of a parcel's weight, for the label: the box, and a garment per piece. */
export const PARCEL_PACKAGING_GRAMS = 150;
export const PIECE_WEIGHT_GRAMS = 350;

export function parcelWeightGrams(pieceCount: number): number {
  return PARCEL_PACKAGING_GRAMS + Math.max(pieceCount, 0) * PIECE_WEIGHT_GRAMS;
}
