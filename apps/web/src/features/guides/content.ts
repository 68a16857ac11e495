import type { GuideAudience } from '@portal/domain';

/**
 * The manuals and presentation decks of the menu (spec part 1 §1), one of each per audience.
 * Written from the portal as it works (docs/workflow.md, the menu and the forms' policy), so a
 * change of rule is a change of text here too.
 */

export interface ManualSection {
  title: string;
  paragraphs?: string[];
  steps?: string[];
}

export interface Manual {
  title: string;
  intro: string;
  sections: ManualSection[];
}

export interface Slide {
  title: string;
  points: string[];
}

export interface Deck {
  title: string;
  slides: Slide[];
}

const STATUS_OVERVIEW: ManualSection = {
  title: 'O caminho de uma solicitação',
  paragraphs: [
    'Toda solicitação começa em "Solicitação Iniciada" (ou "Iniciado pela Regional", "Iniciado por Energy Efficiency", "Iniciado por Property Management", conforme quem cadastrou).',
    'Os pedidos das empresas passam primeiro pela regional ("Em Validação Regional"), que aprova ou recusa. Os iniciados pela regional ou por Energy Efficiency vão direto à Célula; os do Property Management passam antes pela análise do próprio Property ("Aprovado Análise" ou "Recusada Análise").',
    'A Célula analisa ("Em Validação Célula"), aprova aguardando a concessionária, aprova de vez, devolve para correção ou recusa. Por fim o operador Xerox/AME insere a unidade na base ("Inserida na Base Xerox/AME") ou a devolve à Célula ("Recusada Xerox/AME").',
    'Status finais não mudam mais: Recusada Regional, Recusada Célula, Inserida na Base Xerox/AME e Recusada Análise.',
  ],
};

const HISTORY_AND_FILES: ManualSection = {
  title: 'Histórico, observações e anexos',
  paragraphs: [
    'Os botões "Histórico Status" e "Histórico Observação" aparecem na solicitação quando já existe algum registro; cada mudança de status guarda quem fez e quando.',
    'Anexos aceitos: PDF, JPG e PNG de até 15 MB, conferidos pelo conteúdo do arquivo. "Visualizar Arquivo" abre o documento dentro do portal; "Baixar" salva uma cópia.',
    'Se outra pessoa salvar a mesma solicitação enquanto você edita, o portal avisa e pede para recarregar: nada do que foi salvo por ela é sobrescrito.',
  ],
};

export const MANUALS: Record<GuideAudience, Manual> = {
  celula: {
    title: 'Manual da Célula',
    intro:
      'A Célula analisa as solicitações aprovadas pelas regionais, acompanha a concessionária e libera a unidade para a base do operador. Este manual mostra o trabalho do dia a dia no portal.',
    sections: [
      {
        title: 'Onde encontrar o trabalho',
        steps: [
          'Na tela Inicial, os contadores levam às listas já filtradas: solicitadas, aprovadas pela regional, aprovadas pela Célula e canceladas.',
          'Em Energia › UC Nova e Alterar Titularidade (e em Água › Nova Matrícula e Troca de Titularidade), filtre por status e busque por unidade, Endereço ID ou Site ID.',
          'Clique em "Editar" para abrir a solicitação.',
        ],
      },
      STATUS_OVERVIEW,
      {
        title: 'Analisar e decidir',
        steps: [
          'Numa solicitação "Aprovada Regional" (ou iniciada pela regional, por Energy Efficiency, "Aprovado Análise" ou "Recusada Xerox/AME"), escolha "Em Validação Célula" para assumir a análise, ou decida direto.',
          'Para aprovar, aguardando a concessionária ("Aprovada Célula - Aguardando Concessionária") ou de vez ("Aprovada"), preencha o bloco da Célula: tipo de pagamento, classe tarifária, tensão de fornecimento, mercado, centro de custo, conta contábil e data de ligação. Protocolo, previsão de ativação, subclasse e modalidade tarifária completam o bloco quando houver.',
          'Para recusar de vez, escolha "Recusada Célula" e registre o motivo na observação, que fica no histórico.',
          'Para devolver um documento a corrigir, use "Recusada Célula - Tower" ("Recusada Célula - Property" na água). A torre da empresa envia o Anexo Complementar Tower (na água, o Property também pode corrigir Endereço ID, Site ID e Tipo de Loja) e a solicitação volta para "Em Validação Célula". Se ninguém corrigir, a Célula pode reabri-la ou recusá-la de vez.',
          'Aprovada, a solicitação segue para o operador Xerox/AME, que a insere na base ou a devolve à Célula ("Recusada Xerox/AME").',
        ],
      },
      {
        title: 'Duplicidades',
        paragraphs: [
          'Ao sair dos campos Unidade e Endereço ID o portal procura a mesma unidade no workflow e na base Xerox/AM Energia. Uma solicitação em andamento bloqueia o cadastro; uma unidade da base pode ser cadastrada com "Cadastrar mesmo assim?", e a confirmação fica registrada nas observações.',
        ],
      },
      HISTORY_AND_FILES,
      {
        title: 'Administração',
        paragraphs: [
          'Com as permissões do seu grupo, em Cadastro Auxiliar você mantém empresas, regionais e concessionárias; em Gerenciar, usuários, grupos de acesso e os nomes dos status. Um usuário novo recebe por e-mail o link para criar a própria senha: ninguém define a senha de outra pessoa.',
        ],
      },
    ],
  },
  regional: {
    title: 'Manual da Regional',
    intro:
      'A regional é a primeira a validar cada solicitação das empresas na sua área. Você vê e altera apenas as solicitações das regionais que atende.',
    sections: [
      {
        title: 'Validar uma solicitação',
        steps: [
          'Abra Energia › UC Nova (ou Alterar Titularidade, ou as telas de Água) e filtre por "Solicitação Iniciada".',
          'Confira os dados e os anexos. Preencha o Endereço ID e o Site ID quando faltarem: são os únicos campos da empresa que a regional completa.',
          'Escolha "Em Validação Regional" para sinalizar que está analisando, "Aprovada Regional" para enviar à Célula ou "Recusada Regional" para encerrar.',
          'Ao recusar, a observação é obrigatória: explique o motivo para a empresa.',
        ],
      },
      STATUS_OVERVIEW,
      {
        title: 'Cadastrar pela regional',
        paragraphs: [
          'A regional também pode cadastrar uma nova unidade (energia e água) e a troca de titularidade de água. Essas solicitações começam em "Iniciado pela Regional" e seguem direto para a Célula. Só é possível escolher uma regional que você atende.',
        ],
      },
      {
        title: 'Empresas',
        paragraphs: ['Em Cadastro Auxiliar › Empresas você consulta e mantém as empresas habilitadas.'],
      },
      HISTORY_AND_FILES,
    ],
  },
  empresas: {
    title: 'Manual das Empresas',
    intro:
      'Este manual é para as empresas que pedem novas unidades consumidoras e trocas de titularidade, e para as torres e o Property Management que corrigem documentos devolvidos.',
    sections: [
      {
        title: 'Pedir uma nova unidade',
        steps: [
          'Em Energia › UC Nova, clique em "Nova Unidade" (em Água › Nova Matrícula, "Nova Matrícula/RGI"). A torre não abre pedidos: ela acompanha e corrige os da sua empresa.',
          'Os Dados do Solicitante vêm do seu cadastro. Preencha os Dados da Solicitação: Site ID, regional, CEP (o endereço é completado automaticamente quando o serviço de CEP responde), UF, cidade, CNPJ/CPF da UC solicitada, concessionária, unidade, medidor, tensão e tipo do site.',
          'Clique em "Cadastrar". Se algo faltar, o campo fica marcado com a explicação.',
        ],
      },
      {
        title: 'Pedir uma troca de titularidade',
        steps: [
          'Em Alterar Titularidade (ou Água › Troca de Titularidade), clique em "Nova Troca".',
          'Anexe a fatura, o comprovante de pagamento e a autorização: os três são obrigatórios e conferidos pelo conteúdo antes do envio. A barra mostra o progresso do envio.',
        ],
      },
      {
        title: 'Acompanhar',
        paragraphs: [
          'A lista mostra o status de cada pedido. Enquanto ninguém agiu sobre ele, o pedido de troca ainda pode ser apagado por quem o criou.',
          'Se a Célula devolver para correção ("Recusada Célula - Tower"; na água, "Recusada Célula - Property"), a torre da sua empresa lê a observação, envia o Anexo Complementar Tower e escolhe "Em Validação Célula" para devolver. Na água, o Property Management também pode corrigir Endereço ID, Site ID e Tipo de Loja e devolver.',
        ],
      },
      {
        title: 'Property Management',
        paragraphs: [
          'Os pedidos que o Property Management cadastra começam em "Iniciado por Property Management" e são analisados pelo próprio Property: "Aprovado Análise" envia à Célula; "Recusada Análise" encerra (nesse caso Endereço ID, Site ID e Tipo de Loja deixam de ser obrigatórios).',
        ],
      },
      STATUS_OVERVIEW,
      HISTORY_AND_FILES,
    ],
  },
};

export const DECKS: Record<GuideAudience, Deck> = {
  celula: {
    title: 'Apresentação Nova UC',
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
    title: 'Apresentação Regional',
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
    title: 'Apresentação Empresas',
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
