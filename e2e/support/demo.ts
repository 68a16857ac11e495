/** Demo users the seed creates (issue 2, item 3); all start with the same password. */
export const DEMO_PASSWORD = 'Portal@2026';

export interface DemoUser {
  role: string;
  email: string;
  grupo?: number;
  perfil?: number;
}

export const DEMO_USERS: DemoUser[] = [
  { role: 'ADMIN', email: 'admin@demo.portal', grupo: 22845207, perfil: 1 },
  { role: 'CELULA', email: 'celula@demo.portal', grupo: 22845207 },
  { role: 'REGIONAL', email: 'regional@demo.portal', grupo: 22890835 },
  { role: 'AMEE', email: 'amee@demo.portal', grupo: 22802443 },
  { role: 'TOWER', email: 'tower@demo.portal', grupo: 22913699 },
  { role: 'PROPERTY', email: 'property@demo.portal', grupo: 23116011 },
  { role: 'SOLICITANTE', email: 'solicitante@demo.portal', grupo: 23090483 },
  { role: 'CONSULTA', email: 'consulta@demo.portal', perfil: 3 },
];
