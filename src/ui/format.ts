/**
 * How the desk screens show values people read: euros, hours, local dates, people, items,
 * colours. Shared code: imports nothing of the features.
 */

const euroFormat = (locale: string, maximumFractionDigits: number) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits,
  });
const EURO = euroFormat('en-US', 2);
/** A price in thousandths keeps its third decimal when it has one (€0.005 a piece). */
const EURO_FINE = euroFormat('en-US', 3);
/** The bricksyncer screens' prices: Dutch style, up to 3 decimals. */
const EURO_NL = euroFormat('nl-NL', 3);
const NUMBER = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Euros: "€1,234.56". */
export function euros(amount: number): string {
  return EURO.format(amount);
}

/** A price in thousandths as the bricksyncer screens show it, Dutch style: 1234560 → "€ 1.234,56". */
export function dutchEurosFromThousandths(thousandths: number): string {
  return EURO_NL.format(thousandths / 1000);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** The bricksyncer screens' format of a currency (ISO code), Dutch style, up to 3 decimals. */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('nl-NL', {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      });
    } catch {
      format = EURO_NL; // not a currency the browser knows: shown as euro, never thrown
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * A price in thousandths in its currency, as the bricksyncer screens show it:
 * (1234560, 'EUR') → "€ 1.234,56", (120, 'USD') → "US$ 0,12".
 */
export function moneyFromThousandths(thousandths: number, currency: string): string {
  return moneyFormat(currency).format(thousandths / 1000);
}

/** The currency's symbol as those screens write it before a price: "€", "US$", "£". */
export function currencySymbol(currency: string): string {
  return (
    moneyFormat(currency)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/** A price stored in thousandths of a euro, in euros: 1234560 → "€1,234.56", 5 → "€0.005". */
export function eurosFromThousandths(thousandths: number): string {
  return EURO_FINE.format(thousandths / 1000);
}

/** Hours with two decimals: "1,234.50 h". */
export function hours(n: number): string {
  return `${NUMBER.format(n)} h`;
}

const toDate = (stored: string | null | undefined): Date | null => {
  if (!stored) return null;
  const d = new Date(stored);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A stored timestamp as the device's local date ("–" when there is none). */
export function localDate(stored: string | null | undefined): string {
  const d = toDate(stored);
  return d ? d.toLocaleDateString() : (stored ?? '–') || '–';
}

/** A stored timestamp as the device's local date and time to the minute. */
export function localDateTime(stored: string | null | undefined): string {
  const d = toDate(stored);
  return d
    ? d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : (stored ?? '–') || '–';
}

/** A person by name; someone the screen has no name for is "someone else", never an id. */
export function personName(name: string | null | undefined): string {
  return name?.trim() ? name : 'someone else';
}

/** An item as people name it: its number and its mould's name, "1003 Brick 2 x 4". */
export function itemLabel(item: { number: string; name: string } | undefined): string {
  return item ? `${item.number} ${item.name}` : 'unknown item';
}

/** A colour by name ("unknown colour" when the screen has none). */
export function colourName(name: string | null | undefined): string {
  return name?.trim() ? name : 'unknown colour';
}

/** Yes / No for a 0/1 flag. */
export function yesNo(flag: number | boolean | null | undefined): string {
  return flag ? 'Yes' : 'No';
}
