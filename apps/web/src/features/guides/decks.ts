import type { GuideAudience } from '@portal/domain';

/**
 * The slides of the menu's presentation decks (spec part 1 §1), one per audience; their titles are
 * in content.ts. Written from the portal as it works, as the manuals are (manuals.ts).
 */

export interface Slide {
  title: string;
  points: string[];
}

export interface Deck {
  slides: Slide[];
}

export const DECK_TEXT: Record<GuideAudience, Deck> = {
  celula: {
    slides: [
      {
        title: 'Portal de Solicitações de UC',
        points: [
          'Um só lugar para pedir, aprovar e acompanhar unidades consumidoras de energia e água.',
          'Empresas pedem, regionais validam, a Célula decide e o operador Xerox/AME insere na base.',
        ],
      },
      {
        title: 'Uma nova UC, passo a passo',
        points: [
          'Solicitação Iniciada → Em Validação Regional → Aprovada Regional.',
          'Em Validação Célula → Aprovada Célula - Aguardando Concessionária → Aprovada.',
          'Aprovada → Inserida na Base Xerox/AME: o operador cadastra a unidade na base.',
        ],
      },
      {
        title: 'O que a Célula preenche',
        points: [
          'Protocolo e previsão de ativação enquanto a concessionária responde.',
          'Ao aprovar (com ou sem a concessionária pendente): tipo de pagamento, classe tarifária, tensão de fornecimento, mercado, centro de custo, conta contábil e data de ligação.',
          'Ao recusar ou devolver para correção, o motivo vai na observação e fica no histórico.',
        ],
      },
      {
        title: 'Sem cadastro em dobro',
        points: [
          'Unidade e Endereço ID são conferidos no workflow e na base Xerox/AM Energia.',
          'Uma solicitação em andamento bloqueia o cadastro; uma unidade da base pede confirmação.',
        ],
      },
      {
        title: 'Segurança',
        points: [
          'Cada grupo vê só o que seu menu mostra; cada regional, só as suas solicitações.',
          'Senhas são criadas pelo próprio usuário, pelo link enviado por e-mail.',
        ],
      },
    ],
  },
  regional: {
    slides: [
      {
        title: 'O papel da regional',
        points: [
          'Primeira validação de cada pedido das empresas na sua área.',
          'Você vê apenas as solicitações das regionais que atende.',
        ],
      },
      {
        title: 'Validar em três escolhas',
        points: [
          'Em Validação Regional: estou analisando.',
          'Aprovada Regional: segue para a Célula.',
          'Recusada Regional: encerra, com a observação obrigatória.',
        ],
      },
      {
        title: 'O que a regional completa',
        points: [
          'Endereço ID e Site ID, quando a empresa não os informou.',
          'Os demais dados são da empresa.',
        ],
      },
      {
        title: 'Cadastrar pela regional',
        points: [
          'Nova unidade (energia e água) e troca de titularidade de água.',
          'Começa em "Iniciado pela Regional" e vai direto para a Célula.',
        ],
      },
    ],
  },
  empresas: {
    slides: [
      {
        title: 'Pedir pelo portal',
        points: [
          'Novas unidades consumidoras de energia e água.',
          'Trocas de titularidade, com fatura, comprovante de pagamento e autorização.',
        ],
      },
      {
        title: 'Antes de enviar',
        points: [
          'O portal confere CNPJ/CPF, CEP, cidade da UF e a concessionária que atende a UF.',
          'Avisa se a unidade ou o Endereço ID já tem pedido em andamento.',
          'Arquivos: PDF, JPG ou PNG até 15 MB, conferidos pelo conteúdo.',
        ],
      },
      {
        title: 'Depois de enviar',
        points: [
          'A regional valida, a Célula decide, o operador insere na base.',
          'Acompanhe o status na lista; o histórico mostra quem fez cada passo.',
        ],
      },
      {
        title: 'Correções',
        points: [
          'Devolvido para correção ("Recusada Célula - Tower"): a torre lê a observação, envia o Anexo Complementar Tower e devolve à Célula.',
          'Na água ("Recusada Célula - Property"), o Property Management também pode corrigir Endereço ID, Site ID e Tipo de Loja.',
        ],
      },
    ],
  },
};
