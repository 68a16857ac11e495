/**
 * Who runs the portal, for the footer. Set at build time (VITE_COMPANY_NAME, VITE_COMPANY_URL,
 * VITE_SUPPORT_EMAIL) so each deployment shows its own operator and support address.
 */
const env = import.meta.env;

export const BRAND = {
  product: 'Portal de Solicitações de UC',
  shortProduct: 'Portal UC',
  company: env.VITE_COMPANY_NAME || 'AM Energia',
  companyUrl: env.VITE_COMPANY_URL || 'https://www.amenergia.com.br',
  supportEmail: env.VITE_SUPPORT_EMAIL || 'suporte@amenergia.com.br',
};
