import { editPathFor, formFieldLabel, requestForm, type RequestForm } from '@portal/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall, apiLogin } from '../support/api.ts';
import { expectPath } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { waitForResetPath } from '../support/outbox.ts';
import { choose, escapeRegExp, field, pageAs, pickDate, screenshot, toast } from '../support/ui.ts';

/** Helpers of the request journeys: form shortcuts and API set-up. The shared ones come from support/ui.ts. */
export { choose, field, pageAs, pickDate, screenshot, toast };

/** Picks the first option a Select offers and returns its label. */
export async function chooseFirst(page: Page, label: string): Promise<string> {
  await field(page, label).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  const name = (await option.innerText()).trim();
  await option.click();
  return name;
}

export const isRequired = (page: Page | Locator, label: string) =>
  field(page, label).evaluate(
    (i) => (i as HTMLInputElement).required || i.getAttribute('aria-required') === 'true',
  );

/** The options a Select offers, read from the listbox its input controls. */
export async function optionsOf(page: Page, label: string): Promise<string[]> {
  const input = field(page, label);
  await input.click();
  await expect.poll(() => input.getAttribute('aria-controls')).toBeTruthy();
  const options = page.locator(`#${await input.getAttribute('aria-controls')}`).getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  const names = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

/** Saves without moving the request: 'Cadastrar' on a new one, 'Salvar' on a record (issue 15). */
export const submitButton = (page: Page) => page.getByRole('button', { name: /^(Cadastrar|Salvar)$/ });

/** The record's action buttons, by name, in the order offered (one per move the policy allows). */
export const actionsOf = (page: Page): Promise<string[]> =>
  page
    .locator('[data-action]')
    .allInnerTexts()
    .then((names) => names.map((n) => n.trim()));

/** The reason a refusing move's dialog asks (issue 34 step 3). */
export const reasonSection = (dialog: Locator) =>
  dialog.getByRole('region', { name: 'Por que recusar ou devolver' });

/** Chooses a reason of the move in its dialog (the first offered when none is named), and its detail. */
export async function chooseReason(dialog: Locator, reason?: string, detail?: string): Promise<void> {
  if (reason) await choose(dialog, 'Motivo da recusa', reason);
  else {
    await field(dialog, 'Motivo da recusa').click();
    await dialog.page().getByRole('listbox').getByRole('option').first().click();
  }
  if (detail) await field(dialog, 'Detalhe do motivo').fill(detail);
}

/** Opens an action's confirmation and returns the dialog (named after the action). */
export async function openAction(page: Page, action: string): Promise<Locator> {
  await page
    .locator('[data-action]')
    .filter({ hasText: new RegExp(`^${action}$`) })
    .click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.waitFor();
  return dialog;
}

/**
 * Takes one action of the record (the status select is gone, issue 15): presses its button, lets
 * `fill` answer what the confirmation asks, confirms, and waits for the save and the way back.
 */
export async function takeAction(
  page: Page,
  form: RequestForm,
  action: string,
  fill?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  const dialog = await openAction(page, action);
  if (fill) await fill(dialog);
  // A refusing move asks its reason (issue 34 step 3); journeys about something else take the first.
  if ((await reasonSection(dialog).count()) && !(await field(dialog, 'Motivo da recusa').inputValue())) {
    await chooseReason(dialog);
  }
  await dialog.getByRole('button', { name: `Confirmar: ${action}` }).click();
  await page.getByText('Salvo com sucesso').first().waitFor();
  await expectPath(page, form.listPath);
}

/** The value a field shows, whether an input (editable) or text (read-only, issue 15). */
export const shownValue = (scope: Page | Locator, label: string): Promise<string> =>
  field(scope, label).evaluate((el) =>
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ''),
  );

/** The record's timeline: status changes, observations, field changes and files, one event per save. */
export const timelineOf = (page: Page) => page.getByRole('region', { name: 'Histórico da solicitação' });

/** The timeline's events (one per save) that mention `text`. */
export const timelineEvents = (page: Page, text: string) =>
  timelineOf(page).locator('.mantine-Timeline-item').filter({ hasText: text });

export async function openRecord(page: Page, form: RequestForm, id: number): Promise<void> {
  await page.goto(editPathFor(form, id));
  await page.getByRole('heading', { name: `${form.title} nº ${id}` }).waitFor();
}

/** Presses Cadastrar and waits for the success toast and the way back to the list. */
export async function saveAndReturn(page: Page, form: RequestForm): Promise<void> {
  await submitButton(page).click();
  await page.getByText('Salvo com sucesso').first().waitFor();
  await expectPath(page, form.listPath);
}

/** The request fields (by API name) whose inputs are enabled, in every block of the form. */
export async function enabledFields(page: Page): Promise<string[]> {
  await page.getByRole('region', { name: 'Dados da Solicitação' }).waitFor();
  return (
    page
      .locator('form')
      // A date is a picker's button (issue 15 item 7), the other fields inputs.
      .locator('input[id^="campo-"], textarea[id^="campo-"], button[id^="campo-"][data-dates-input]')
      .evaluateAll((inputs) =>
        inputs
          .filter((i) => !(i as HTMLInputElement).disabled && (i as HTMLInputElement).type !== 'file')
          .map((i) => i.id.replace('campo-', '')),
      )
  );
}

export async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const session = await apiLogin(baseUrl, email, DEMO_PASSWORD);
  if (!session) throw new Error(`login de ${email} falhou`);
  return session.token;
}

let lastStamp = 0;
/**
 * A unit number no seed and no other journey uses. Its clock part never repeats within a run
 * (two calls in one millisecond take the next one): journeys derive address ids from its last
 * digits, and two units made in the same millisecond collided one time in ten.
 */
export const freshUnit = (prefix = '8') => {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `${prefix}${lastStamp.toString().slice(-9)}${Math.floor(Math.random() * 10)}`;
};

/** A complete request the requester could have typed, for journeys that test a later step. */
export const requestFields = (unidade: string, extra: Record<string, unknown> = {}) => ({
  endereco_id: '',
  site_id: 'SITE01',
  regional: 7,
  uf: 'SP',
  municipio: 'São Paulo',
  endereco: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cnpj_solicitada: '11222333000181',
  id_concessionaria: 0,
  unidade,
  numero_medidor: 'MED123',
  id_tensao: 1,
  tipo_site: 1,
  ...extra,
});

/** The concessionaire the fields name, or else the first one that serves their UF (the server checks it). */
async function concessionariaFor(
  baseUrl: string,
  form: RequestForm,
  token: string,
  fields: Record<string, unknown>,
): Promise<number> {
  if (fields.id_concessionaria) return fields.id_concessionaria as number;
  const answer = await apiCall(
    baseUrl,
    'GET',
    form.flow === 'agua' ? 'agua/concessionarias' : 'concessionarias',
    token,
  );
  const serving = (answer.body!.dados as { id: number; ufs: string[] }[]).find((c) =>
    c.ufs.includes(fields.uf as string),
  );
  if (!serving) throw new Error(`nenhuma concessionária atende a UF ${String(fields.uf)}`);
  return serving.id;
}

export async function createViaApi(
  baseUrl: string,
  form: RequestForm,
  email: string,
  fields: Record<string, unknown>,
): Promise<{ id: number; version: number }> {
  const token = await tokenOf(baseUrl, email);
  const body = { ...fields, id_concessionaria: await concessionariaFor(baseUrl, form, token, fields) };
  const answer = await apiCall(baseUrl, 'POST', `${form.apiBase}/add`, token, body);
  if (answer.status !== 200) throw new Error(`add falhou: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body!.dados as { id: number; version: number };
}

/** Moves a request along with the API, as the given role (for journeys that start later in the flow). */
export async function moveViaApi(
  baseUrl: string,
  form: RequestForm,
  email: string,
  id: number,
  fields: Record<string, unknown>,
): Promise<void> {
  const token = await tokenOf(baseUrl, email);
  const current = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, { id });
  const version = (current.body!.dados as { version: number }).version;
  const answer = await apiCall(baseUrl, 'POST', `${form.apiBase}/edit`, token, { id, version, ...fields });
  if (answer.status !== 200) throw new Error(`edit falhou: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The first active reason of a refusing move, as a refusing save sends it (issue 34 step 3). */
export async function reasonViaApi(baseUrl: string, email: string, movimento: string) {
  const token = await tokenOf(baseUrl, email);
  const answer = await apiCall(baseUrl, 'GET', `motivos-recusa/opcoes?movimento=${movimento}`, token);
  const [first] = (answer.body?.dados ?? []) as { id: number; nome: string }[];
  if (!first) throw new Error(`nenhum motivo para ${movimento}: ${answer.status}`);
  return { motivo_recusa_id: first.id, nome: first.nome };
}

/** An energy new unit walked by the API to 7 'Aprovada', as the requester, the regional and the cell would. */
export async function approvedViaApi(
  baseUrl: string,
  unidade: string,
  concessionaire?: number,
): Promise<number> {
  const form = requestForm('energia', 'nova');
  const { id } = await createViaApi(
    baseUrl,
    form,
    'solicitante@demo.portal',
    requestFields(unidade, concessionaire ? { id_concessionaria: concessionaire } : {}),
  );
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
    endereco_id: `TSPC${unidade.slice(-6)}`,
    status: 1,
  });
  await moveViaApi(baseUrl, form, 'regional@demo.portal', id, { status: 2 });
  await moveViaApi(baseUrl, form, 'celula@demo.portal', id, {
    status: 7,
    tipo_de_pagamento: 1,
    classe_tarifaria: 1,
    subclasse_tarifaria: 1,
    modalidade_tarifaria: 'bt',
    tensao_fornecimento: 3,
    mercado: 2,
    centro_custo: 'CC1020',
    conta_contabil: '4110203',
    data_ligacao: '2026-12-01',
  });
  return id;
}

export async function statusOf(baseUrl: string, form: RequestForm, id: number): Promise<number> {
  const token = await tokenOf(baseUrl, 'celula@demo.portal');
  const answer = await apiCall(baseUrl, 'POST', `${form.apiBase}/list`, token, { id });
  return (answer.body!.dados as { status: number }).status;
}

/** Fills every field a requester must fill on a new request of this form, except the unit. */
export async function fillRequest(page: Page, form: RequestForm, siteId = 'SITE01'): Promise<void> {
  await field(page, 'Site ID').fill(siteId);
  // The regionals offered are those serving the UF (issue 30): the UF comes first.
  await choose(page, 'UF', 'SP - São Paulo', 'SP');
  await choose(page, 'Regional', 'TSP - São Paulo');
  await choose(page, 'Cidade', 'São Paulo', 'São Paulo');
  await field(page, 'Endereço').fill('Rua Augusta');
  await field(page, 'Número').fill('200');
  await field(page, 'Bairro').fill('Consolação');
  await field(page, formFieldLabel(form, 'cnpj_solicitada')).fill('11.222.333/0001-81');
  await chooseFirst(page, 'Concessionária');
  await field(page, formFieldLabel(form, 'numero_medidor')).fill('MED001');
  if (form.fields.includes('id_tensao')) await choose(page, 'Tipo de Tensão', 'Baixa');
  await choose(page, 'Tipo do Site', 'ADM');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const SAMPLE_FILES = {
  pdf: (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF }),
  png: (name: string) => ({ name, mimeType: 'image/png', buffer: PNG }),
  /** Text that claims to be a PDF: refused by its content. */
  fakePdf: (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') }),
};

/**
 * A slot's drop area, named by the slot's label and what it shows: 'Arraste…' or the chosen
 * file's name (no spaces in the journeys' names) and size, so 'Anexo Complementar' never finds
 * 'Anexo Complementar Tower'. None for a slot the user may only read.
 */
export const dropzone = (page: Page, label: string) =>
  page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(label)} (Arraste|[^ ]+\\.(pdf|png|jpe?g) )`),
  });

/** Chooses a file for `label` (a request's drop area or a plain file field), through the file chooser. */
export async function attach(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await field(page, label).or(dropzone(page, label)).first().click();
  await (await chooser).setFiles(file);
}

type SampleFile = { name: string; mimeType: string; buffer: Buffer };

/** A valid PDF header, padding up to `bytes`, and the trailer: big enough to watch an upload go. */
export const paddedPdf = (name: string, bytes: number): SampleFile => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), '%');
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, padding, tail]) };
};

/** add as the browser sends it with files: multipart, a JSON part `dados` and one part per slot. */
export async function createWithFilesViaApi(
  baseUrl: string,
  form: RequestForm,
  token: string,
  fields: Record<string, unknown>,
  files: Record<string, SampleFile>,
): Promise<{ id: number; version: number }> {
  const body = new FormData();
  body.append(
    'dados',
    JSON.stringify({ ...fields, id_concessionaria: await concessionariaFor(baseUrl, form, token, fields) }),
  );
  for (const [slot, file] of Object.entries(files)) {
    body.append(slot, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const response = await fetch(`${baseUrl}/api/${form.apiBase}/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await response.json()) as { dados?: { id: number; version: number } };
  if (response.status !== 200 || !answer.dados)
    throw new Error(`add falhou: ${response.status} ${JSON.stringify(answer)}`);
  return answer.dados;
}

/**
 * The administrator creates a user through the API (usuarios/add), in the company named; the user
 * then sets `password` through the link of the invitation e-mail, as nobody else may set it.
 */
export async function createUserViaApi(
  baseUrl: string,
  dataDir: string,
  user: {
    name: string;
    email: string;
    password: string;
    empresa: string;
    id_grupo: number;
    id_perfil: number;
  },
): Promise<void> {
  const token = await tokenOf(baseUrl, 'admin@demo.portal');
  const options = await apiCall(baseUrl, 'GET', 'usuarios/opcoes', token);
  const empresas = (options.body!.dados as { empresas: { id: number; razao_social: string }[] }).empresas;
  const empresa = empresas.find((e) => e.razao_social === user.empresa);
  if (!empresa) throw new Error(`empresa ${user.empresa} não encontrada`);
  const { empresa: _, password, ...rest } = user;
  const invitedSince = Date.now() - 1000;
  const answer = await apiCall(baseUrl, 'POST', 'usuarios/add', token, {
    ...rest,
    id_empresa: empresa.id,
    id_status: true,
    regionais: [],
  });
  if (answer.status !== 200)
    throw new Error(`usuarios/add falhou: ${answer.status} ${JSON.stringify(answer.body)}`);
  const hash = (await waitForResetPath(dataDir, user.email, invitedSince)).split('/').pop();
  const reset = await apiCall(baseUrl, 'POST', 'change-password-new', undefined, { hash, password });
  if (reset.status !== 200)
    throw new Error(`definir a senha falhou: ${reset.status} ${JSON.stringify(reset.body)}`);
}

/**
 * Slows the page's network (Chrome DevTools Protocol), so an upload takes long enough to be seen;
 * returns the function that restores it.
 */
export async function throttleUpload(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** One signed-in page per demo role, for journeys that hand a request from role to role. */
export async function rolePages(
  browser: Browser,
  baseUrl: string,
  roles: string[],
): Promise<Record<string, Page>> {
  const pages: Record<string, Page> = {};
  for (const role of roles) pages[role] = await pageAs(browser, baseUrl, `${role}@demo.portal`);
  return pages;
}

/** Fills the cell's tariff block as an approving cell must (only the fields this form has). */
export async function fillTariffBlock(
  page: Page | Locator,
  form: RequestForm,
  values: { pagamento: 'PM' | 'DA'; centroCusto: string; contaContabil: string; dataLigacao: string },
): Promise<void> {
  await choose(page, 'Tipo de Pagamento', values.pagamento);
  await choose(page, 'Classe Tarifária', 'Comercial');
  if (form.fields.includes('tensao_fornecimento')) await choose(page, 'Tensão de Fornecimento', 'Trifásico');
  if (form.fields.includes('mercado')) await choose(page, 'Mercado', 'Cativo');
  await field(page, 'Centro de Custo').fill(values.centroCusto);
  await field(page, 'Conta Contábil').fill(values.contaContabil);
  await pickDate(page, 'Data de Ligação', values.dataLigacao);
}
