/**
 * Identifiers a concessionaire or the client gives a unit — unidade (matrícula/RGI for water),
 * número do medidor (hidrômetro), Endereço ID, Site ID, protocolo — compared and stored in one
 * spelling (GUIDE §7, issue 30). Without it 'ＵＣ０１２', 'uc012' and 'UC0́12' were three units to
 * the duplicate check while a person reads one.
 */

/**
 * The one spelling: compatibility forms folded (fullwidth and mathematical letters and digits,
 * ligatures, no-break spaces), accents and every other combining mark dropped, invisible format
 * characters (zero-width spaces and joiners, soft hyphens, direction marks) dropped, runs of
 * whitespace made one space, upper case. Folded before upper-casing, since some compatibility
 * letters have no capital of their own (a mathematical '𝓪' is 'a' only once folded), and decomposed
 * again after it, since a capital can bring a mark (ǰ becomes J + caron) for the filter to drop.
 */
export const normalizeIdentifier = (typed: string): string =>
  typed
    .normalize('NFKD')
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();

/**
 * What a normalised identifier may hold: ASCII letters and digits, and the separators the
 * concessionaires print (7000123-4, 123.456/7) or the portal's own ids use (ERB LOTE 14).
 * Other scripts' digits and letters that look Latin are refused, not translated: a person reading
 * '١٢٣' or a Cyrillic 'А' cannot tell what the concessionaire wrote.
 */
const IDENTIFIER = /^[A-Z0-9 ./-]*$/;

/** Whether a value, once normalised, holds only what an identifier may. */
export const isIdentifier = (normalized: string): boolean => IDENTIFIER.test(normalized);

/** The refusal of an identifier with other characters, naming the field as the user reads it. */
export const identifierCharactersMessage = (label: string): string =>
  `O campo ${label} aceita apenas letras de A a Z, algarismos de 0 a 9, espaço e os sinais - . /`;
