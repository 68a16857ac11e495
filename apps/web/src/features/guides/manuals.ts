import type { GuideAudience } from '@portal/domain';

/**
 * The text of the menu's manuals (spec part 1 §1), one per audience; their titles are in content.ts.
 * Written from the portal as it works (docs/workflow.md, the menu and the forms' policy), so a
 * change of rule is a change of text here too.
 */

export interface ManualSection {
  title: string;
  paragraphs?: string[];
  steps?: string[];
}

export interface Manual {
  intro: string;
  sections: ManualSection[];
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

export const MANUAL_TEXT: Record<GuideAudience, Manual> = {
  celula: {
    intro:
      'A Célula analisa as solicitações aprovadas pelas regionais, acompanha a concessionária e libera a unidade para a base do operador. Este manual mostra o trabalho do dia a dia no portal.',
    sections: [
      {
        title: 'Onde encontrar o trabalho',
        steps: [
          'Na tela Inicial, os contadores levam às listas já filtradas: solicitadas, aprovadas pela regional, aprovadas pela Célula e canceladas.',
          'Em Energia › UC Nova e Troca de Titularidade (e em Água › Nova Matrícula e Troca de Titularidade (Água)), filtre por status e busque por unidade, Endereço ID ou Site ID.',
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
    intro:
      'A regional é a primeira a validar cada solicitação das empresas na sua área. Você vê e altera apenas as solicitações das regionais que atende.',
    sections: [
      {
        title: 'Validar uma solicitação',
        steps: [
          'Abra Energia › UC Nova (ou Troca de Titularidade, ou as telas de Água) e filtre por "Solicitação Iniciada".',
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
    intro:
      'Este manual é para as empresas que pedem novas unidades consumidoras e trocas de titularidade, e para as torres e o Property Management que corrigem documentos devolvidos.',
    sections: [
      {
        title: 'Pedir uma nova unidade',
        steps: [
          'Em Energia › UC Nova, clique em "Cadastrar UC Nova" (em Água › Nova Matrícula, "Cadastrar Nova Matrícula"). A torre não abre pedidos: ela acompanha e corrige os da sua empresa.',
          'Os Dados do Solicitante vêm do seu cadastro. Preencha os Dados da Solicitação: Site ID, regional, CEP (o endereço é completado automaticamente quando o serviço de CEP responde), UF, cidade, CNPJ/CPF da UC solicitada, concessionária, unidade, medidor, tensão e tipo do site.',
          'Clique em "Cadastrar". Se algo faltar, o campo fica marcado com a explicação.',
        ],
      },
      {
        title: 'Pedir uma troca de titularidade',
        steps: [
          'Em Energia › Troca de Titularidade (ou Água › Troca de Titularidade (Água)), clique em "Cadastrar Troca de Titularidade".',
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
