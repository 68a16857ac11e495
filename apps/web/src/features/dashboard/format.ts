import type { Flow, RequestForm } from '@portal/domain';

const numbers = new Intl.NumberFormat('pt-BR');

export const formatCount = (n: number) => numbers.format(n);

/** "hoje", "1 dia", "12 dias". */
export const daysText = (days: number) =>
  days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${numbers.format(days)} dias`;

export const FLOW_LABEL: Record<Flow, string> = { energia: 'Energia', agua: 'Água' };

/** Whether a form's title already names its flow ("Troca de Titularidade (Água)"). */
export const titleNamesFlow = (form: RequestForm) => form.title.includes(FLOW_LABEL[form.flow]);

/**
 * A form as a label read out of context names it ("UC Nova, Energia", "Nova Matrícula, Água"); a
 * title that already names its flow is not given it a second time.
 */
export const formWithFlow = (form: RequestForm) =>
  titleNamesFlow(form) ? form.title : `${form.title}, ${FLOW_LABEL[form.flow]}`;
