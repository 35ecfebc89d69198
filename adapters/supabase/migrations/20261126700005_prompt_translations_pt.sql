-- The prompt library in Portuguese (Brazil): every category's label and every prompt's title, description and
-- body. Its square-bracket placeholders, still in English here, are translated by 20261203400001. Only prompts that exist are
-- translated, and a translation already present is left alone, so the file also applies to a project
-- whose library was changed.

insert into public.prompt_category_translations (category, language, label)
select v.category, v.language, v.label from (values
  ('Business', 'pt', 'Negócios'),
  ('Career', 'pt', 'Carreira'),
  ('Coding', 'pt', 'Programação'),
  ('Creative', 'pt', 'Criatividade'),
  ('Data', 'pt', 'Dados'),
  ('Learning', 'pt', 'Aprendizado'),
  ('Marketing', 'pt', 'Marketing'),
  ('Productivity', 'pt', 'Produtividade'),
  ('Research', 'pt', 'Pesquisa'),
  ('Writing', 'pt', 'Escrita')
) as v (category, language, label)
on conflict (category, language) do nothing;

insert into public.prompt_translations (prompt_id, language, title, description, body)
select v.prompt_id, v.language, v.title, v.description, v.body from (values
  ('one-page-strategy', 'pt', 'Estratégia em uma página', 'Diagnóstico, política orientadora e ações coerentes.',
   'Me ajude a escrever uma estratégia de uma página para [team or company]. Comece com um diagnóstico do principal desafio, depois uma política orientadora para enfrentá-lo e, por fim, quatro a seis ações coerentes. Aponte qualquer ação que não decorra do diagnóstico.'),
  ('pricing-options', 'pt', 'Explorar opções de preço', 'Modelos, âncoras e o que cada um sinaliza.',
   'Vendemos [product] para [customers] e hoje cobramos [current price]. Proponha três modelos de preço alternativos, o que cada um sinaliza aos clientes, quem ficaria insatisfeito e um experimento simples para testar o mais promissor.'),
  ('risk-premortem', 'pt', 'Fazer um pré-mortem', 'Imagine que o projeto fracassou e explique por quê.',
   'Imagine que daqui a um ano [project] fracassou claramente. Escreva a história mais plausível do motivo. Depois liste os sinais de alerta que poderíamos observar desde já e uma ação que reduziria cada risco.'),
  ('okr-draft', 'pt', 'Rascunhar objetivos e resultados-chave', 'Resultados mensuráveis em vez de listas de tarefas.',
   'Rascunhe objetivos e resultados-chave (OKRs) para [team] para o próximo trimestre, com base neste contexto: [context]. Cada resultado-chave deve ser um resultado mensurável, não uma tarefa. Sinalize qualquer resultado-chave que poderia ser atingido mesmo com o objetivo fracassando.'),
  ('stakeholder-update', 'pt', 'Atualização para stakeholders', 'Status, riscos e pedidos em uma nota curta.',
   'Escreva uma atualização curta para [stakeholders] sobre [project]. Use três partes: onde estamos em relação ao plano, os principais riscos e o que estamos fazendo a respeito, e o que precisamos deles. Fique abaixo de 200 palavras e comece pelo ponto mais importante.'),
  ('unit-economics', 'pt', 'Checar a economia unitária', 'Receita e custo por cliente, com as premissas.',
   'Me ajude a checar se a economia unitária de [business] faz sentido. Peça os números de que você precisa e depois calcule a receita por cliente, o custo de atendimento, o custo de aquisição e o prazo de retorno. Explicite cada premissa e mostre a qual delas o resultado é mais sensível.'),
  ('job-to-be-done', 'pt', 'Encontrar o trabalho a ser feito', 'Para que os clientes realmente “contratam” o produto.',
   'Descreva o trabalho para o qual os clientes “contratam” [product], no formato: quando estou nesta situação, quero este avanço, para alcançar este resultado. Dê três trabalhos possíveis, as alternativas concorrentes para cada um e que evidências os distinguiriam.'),
  ('tailor-a-resume', 'pt', 'Adaptar o currículo a uma vaga', 'Relacionar a experiência real ao anúncio.',
   'Aqui está um anúncio de vaga:

[paste posting]

e meu currículo:

[paste resume]

Sugira ajustes que relacionem minha experiência real ao que a vaga pede. Reescreva até cinco tópicos para mostrar resultados com números e liste as lacunas que eu deveria abordar na carta de apresentação. Não invente experiência.'),
  ('mock-interview', 'pt', 'Entrevista simulada', 'Perguntas realistas com feedback sobre cada resposta.',
   'Faça uma entrevista simulada para uma vaga de [role] em [type of company]. Faça uma pergunta por vez, misturando perguntas comportamentais e específicas da função. Depois de cada resposta minha, dê um feedback breve sobre estrutura, objetividade e o que acrescentar.'),
  ('negotiate-an-offer', 'pt', 'Preparar uma negociação salarial', 'Argumentos, números e o que dizer.',
   'Recebi uma proposta de [offer] para [role] em [location]. Me ajude a preparar a negociação: os argumentos que posso usar, um valor-alvo e um valor mínimo a partir do qual eu recuso, e um roteiro curto para a ligação, incluindo respostas às objeções mais prováveis.'),
  ('career-options', 'pt', 'Explorar opções de carreira', 'Caminhos que aproveitam o que eu já tenho.',
   'Minha trajetória: [background]. O que eu gosto de fazer: [interests]. O que quero evitar: [constraints]. Sugira cinco caminhos de carreira que aproveitem isso, a lacuna de habilidades de cada um e um pequeno experimento para testar cada caminho em até um mês.'),
  ('feedback-conversation', 'pt', 'Preparar uma conversa de feedback', 'Feedback específico, gentil e acionável.',
   'Preciso dar feedback para [person] sobre [behaviour]. Me ajude a me preparar: descreva a situação, o comportamento e seu impacto, uma pergunta que convide a pessoa a dar sua visão e um pedido concreto. Sugira também como responder se ela ficar na defensiva.'),
  ('linkedin-summary', 'pt', 'Resumo de perfil profissional', 'Um resumo curto que soe como uma pessoa.',
   'Escreva um resumo de perfil profissional de cerca de 100 palavras a partir destas anotações: [notes]. Ele deve soar como uma pessoa, não como uma lista de jargões. Comece pelo problema que eu resolvo e inclua uma conquista concreta.'),
  ('first-90-days', 'pt', 'Planejar os primeiros 90 dias', 'Aprender, conquistar confiança e então entregar.',
   'Estou começando como [role] na [company]. Rascunhe um plano de 90 dias em três fases: aprendizado, primeiras vitórias e entrega de um objetivo maior. Para cada fase, liste as pessoas que devo conhecer, as perguntas que devo fazer e um sinal de que a fase correu bem.'),
  ('review-a-diff', 'pt', 'Revisar uma alteração de código', 'Uma revisão atenta de bugs, riscos e clareza.',
   'Revise a alteração de código abaixo como uma engenheira sênior cuidadosa. Liste primeiro os bugs reais, depois os casos-limite arriscados e então os problemas de legibilidade. Para cada ponto, cite a linha, explique o problema em uma ou duas frases e proponha uma correção. Dispense elogios e detalhes de estilo que um formatador pegaria.

[paste diff]'),
  ('explain-this-code', 'pt', 'Explicar um código desconhecido', 'O que um trecho de código faz e por quê, passo a passo.',
   'Explique o código abaixo para um desenvolvedor que conhece [language], mas não esta base de código. Comece pelo propósito em duas frases, depois percorra o fluxo de controle e, por fim, aponte qualquer coisa surpreendente ou frágil.

[paste code]'),
  ('write-tests-first', 'pt', 'Projetar os testes primeiro', 'Casos de teste que fixam o comportamento antes de programar.',
   'Estou prestes a implementar [feature]. Antes de qualquer código, liste os casos de teste que provariam que funciona: os caminhos felizes, os limites, as entradas inválidas e as falhas de dependências. Dê a cada teste o nome da regra que ele verifica e depois escreva os testes em [test framework].'),
  ('debug-an-error', 'pt', 'Depurar uma mensagem de erro', 'Causas prováveis em ordem, com uma verificação para cada uma.',
   'Recebo este erro:

[paste error and stack trace]

Contexto: [what I was doing]. Ordene as três causas mais prováveis. Para cada uma, dê uma verificação rápida que a confirme ou descarte e a correção caso se confirme. Peça o que mais você precisar.'),
  ('refactor-safely', 'pt', 'Planejar uma refatoração segura', 'Passos pequenos e reversíveis que mantêm os testes passando.',
   'Planeje uma refatoração do código abaixo rumo a [goal]. Divida-a em passos pequenos que deixem o código compilando e os testes passando a cada etapa. Para cada passo, diga o que muda, o que pode quebrar e como verificar.

[paste code]'),
  ('sql-from-question', 'pt', 'SQL a partir de uma pergunta simples', 'Transformar uma pergunta de negócio em uma consulta.',
   'Dadas estas tabelas:

[paste schema]

escreva uma consulta SQL que responda: [question]. Explique cada join e cada filtro em uma linha, diga como NULLs e duplicatas são tratados e sugira um índice se a consulta for ficar lenta em uma tabela grande.'),
  ('regex-with-tests', 'pt', 'Expressão regular com exemplos', 'Um padrão mais as strings que ele deve e não deve aceitar.',
   'Escreva uma expressão regular para [language or tool] que reconheça [description]. Depois dê seis strings que ela deve aceitar e seis que deve rejeitar, incluindo quase acertos traiçoeiros, e explique cada parte do padrão.'),
  ('story-opening', 'pt', 'Três começos de história', 'Vozes diferentes para a mesma premissa.',
   'Escreva três parágrafos de abertura diferentes para uma história com esta premissa: [premise]. Use um ponto de vista e um tom diferentes em cada um. Depois de cada um, anote que promessa ele faz ao leitor.'),
  ('worldbuilding-questions', 'pt', 'Perguntas para construir um mundo', 'Perguntas que tornam um mundo inventado coerente.',
   'Estou construindo um mundo ficcional em que [core idea]. Faça vinte perguntas sobre a economia, as crenças, o dia a dia, os conflitos e a história desse mundo que o tornariam coerente e surpreendente. Agrupe-as por tema.'),
  ('brainstorm-wild', 'pt', 'Brainstorm sem limites', 'Primeiro muitas ideias; o julgamento, depois.',
   'Gere 25 ideias para [challenge]. Inclua ideias óbvias, absurdas e outras que quebrem uma premissa que todo mundo assume. Não as julgue ainda. Depois escolha as três mais interessantes e explique o que faz cada uma valer a pena explorar.'),
  ('poem-in-form', 'pt', 'Um poema de forma fixa', 'A restrição como ferramenta criativa.',
   'Escreva um poema sobre [subject] na forma de [form, for example sonnet, haiku sequence or villanelle]. Respeite a forma rigorosamente. Depois explique uma escolha de palavra ou imagem que a forma obrigou você a fazer.'),
  ('character-sketch', 'pt', 'Esboço de personagem', 'Desejos, medos e uma contradição.',
   'Crie um personagem para uma história ambientada em [setting]. Descreva o que ele quer, o que teme, um hábito que o revela e uma contradição em sua personalidade. Depois escreva uma cena curta que mostre tudo isso sem dizê-lo.'),
  ('name-ideas', 'pt', 'Ideias de nomes', 'Nomes para um produto, projeto ou bicho de estimação, com justificativas.',
   'Sugira 20 nomes para [thing] que devem transmitir [qualities]. Misture palavras inventadas, palavras reais e combinações. Para os cinco melhores, explique as associações e qualquer risco, como um significado em outro idioma.'),
  ('explain-a-chart', 'pt', 'Explicar o que um gráfico mostra', 'Mensagem principal, ressalvas e próximas perguntas.',
   'Aqui estão os dados por trás de um gráfico:

[paste data or description]

Diga a mensagem principal em uma frase, os dois detalhes mais importantes, qualquer coisa que possa enganar o leitor (escala, dados ausentes, amostras pequenas) e a próxima pergunta que eu deveria fazer.'),
  ('clean-a-dataset', 'pt', 'Planejar a limpeza de dados', 'Verificações antes de confiar em um conjunto de dados.',
   'Tenho um conjunto de dados com estas colunas: [columns]. Liste as verificações que devo fazer antes de confiar nele: valores ausentes, duplicatas, valores impossíveis, categorias inconsistentes e problemas de fuso horário. Para cada verificação, dê uma forma concreta de fazê-la em [tool].'),
  ('metric-definition', 'pt', 'Definir uma métrica com precisão', 'Numerador, denominador e casos-limite.',
   'Me ajude a definir com precisão a métrica [metric name] para [product]. Especifique o numerador, o denominador, a janela de tempo, o que fica de fora e como tratar os casos-limite. Depois descreva uma forma de a métrica subir enquanto as coisas pioram.'),
  ('ab-test-readout', 'pt', 'Ler o resultado de um teste A/B', 'O que os números sustentam e o que não sustentam.',
   'Aqui estão os resultados de um teste A/B: [results]. Explique o que eles sustentam, se a amostra é grande o suficiente, o que pode ter enviesado o resultado e que decisão você recomendaria, com seu grau de confiança.'),
  ('spreadsheet-formula', 'pt', 'Fórmula de planilha', 'Uma fórmula com uma explicação em linguagem simples.',
   'Em uma planilha, a coluna A contém [data] e a coluna B contém [data]. Escreva uma fórmula que [goal]. Explique como ela funciona, parte por parte, e como se comporta com células vazias.'),
  ('analysis-plan', 'pt', 'Plano de análise', 'Hipóteses, dados e métodos antes de mexer nos dados.',
   'Quero descobrir [question] a partir de [data source]. Antes de eu olhar os dados, escreva um plano de análise: hipóteses, os dados exatos necessários, o método para cada hipótese e que resultado contaria como apoio ou refutação.'),
  ('teach-me-step-by-step', 'pt', 'Me ensine passo a passo', 'Uma aula guiada que verifica o entendimento.',
   'Me ensine [topic] como um tutor paciente. Comece perguntando o que eu já sei. Depois explique uma ideia por vez com um exemplo concreto e, após cada ideia, me faça uma pergunta para verificar se entendi antes de seguir.'),
  ('analogies', 'pt', 'Três analogias para um conceito', 'Ângulos diferentes sobre uma ideia difícil.',
   'Explique [concept] com três analogias diferentes do dia a dia. Depois de cada analogia, diga onde ela deixa de funcionar, para que eu não a leve longe demais.'),
  ('quiz-me', 'pt', 'Me teste', 'Perguntas de dificuldade crescente com feedback.',
   'Me teste sobre [subject] com dez perguntas de dificuldade crescente. Faça uma pergunta por vez, espere minha resposta, diga se está certa e por quê, e ajuste a próxima pergunta ao meu desempenho.'),
  ('learning-plan', 'pt', 'Plano de estudos de trinta dias', 'Prática diária rumo a uma habilidade concreta.',
   'Quero conseguir [skill goal] em 30 dias, com cerca de [minutes] minutos por dia. Monte um plano com um marco semanal, um exercício diário e um pequeno projeto no fim de cada semana que comprove o progresso.'),
  ('common-misconceptions', 'pt', 'Equívocos comuns', 'O que os iniciantes costumam entender errado e por quê.',
   'Liste os equívocos mais comuns de iniciantes sobre [topic]. Para cada um, explique por que parece verdadeiro, o que de fato acontece e um exemplo rápido que deixe a diferença evidente.'),
  ('flashcards', 'pt', 'Criar flashcards', 'Cartões de pergunta e resposta a partir de anotações de estudo.',
   'Transforme as anotações abaixo em 15 flashcards. Cada cartão tem uma pergunta precisa na frente e uma resposta curta no verso. Prefira perguntas que testem a compreensão em vez da simples memorização.

[paste notes]'),
  ('value-proposition', 'pt', 'Afinar uma proposta de valor', 'Da lista de funcionalidades a uma promessa clara.',
   'Meu produto é [product] para [customer]. Suas principais funcionalidades são [features]. Escreva cinco propostas de valor de no máximo 15 palavras que digam o resultado que o cliente obtém, não a funcionalidade. Depois diga qual é a mais específica e por quê.'),
  ('landing-page-critique', 'pt', 'Criticar uma landing page', 'Clareza, provas e atritos, seção por seção.',
   'Aqui está o texto de uma landing page:

[paste copy]

Critique-o como um visitante de primeira viagem que tem dez segundos. O que está claro, o que está vago, onde faltam provas e o que impediria você de se cadastrar? Termine com as três mudanças que mais fariam diferença.'),
  ('customer-interview-guide', 'pt', 'Roteiro de entrevista com clientes', 'Perguntas abertas sobre comportamentos reais no passado.',
   'Escreva um roteiro de entrevista de 30 minutos para entender como [type of customer] lida hoje com [problem]. Use perguntas abertas sobre acontecimentos passados específicos, em vez de opiniões ou hipóteses, inclua perguntas de aprofundamento e só mencione nosso produto nos últimos cinco minutos.'),
  ('social-post-series', 'pt', 'Uma semana de posts nas redes', 'Cinco posts com ângulos diferentes sobre um tema.',
   'Escreva cinco posts curtos para [platform] sobre [theme] para [audience]. Use um ângulo diferente em cada um: uma dica, uma história, um número surpreendente, um erro comum e uma pergunta ao leitor. Mantenha cada um abaixo de 280 caracteres.'),
  ('newsletter-issue', 'pt', 'Rascunhar uma edição da newsletter', 'Uma ideia, uma história, uma chamada para ação.',
   'Rascunhe uma edição da newsletter para [audience] sobre [topic]. Estrutura: um gancho de duas frases, uma ideia principal explicada com um exemplo concreto, uma lista curta com três aprendizados e uma única chamada para ação. Fique abaixo de 400 palavras.'),
  ('competitor-comparison', 'pt', 'Comparação honesta com a concorrência', 'Onde ganhamos, onde perdemos e para quem.',
   'Compare [our product] com [competitor] para um comprador que valoriza [criteria]. Seja honesto sobre onde o concorrente é melhor. Apresente em uma tabela e depois escreva duas frases sobre que tipo de cliente deveria escolher cada um.'),
  ('weekly-plan', 'pt', 'Planejar minha semana', 'Prioridades, blocos de tempo e o que deixar de lado.',
   'Isto é tudo o que tenho para esta semana: [list]. Tenho cerca de [hours] horas de tempo focado. Escolha os três resultados mais importantes, proponha blocos de tempo para eles e diga o que devo adiar, delegar ou abandonar, com um motivo para cada item.'),
  ('meeting-to-actions', 'pt', 'De anotações de reunião a ações', 'Decisões, responsáveis e prazos a partir de anotações bagunçadas.',
   'Transforme estas anotações de reunião em: decisões tomadas, itens de ação com um responsável e um prazo, e perguntas em aberto. Se faltar um responsável ou uma data, sinalize em vez de adivinhar.

[paste notes]'),
  ('break-down-a-project', 'pt', 'Dividir um projeto', 'Marcos e o primeiríssimo passo.',
   'Preciso [project goal] até [date]. Divida isso em marcos e depois quebre o primeiro marco em tarefas de menos de duas horas cada. Aponte a premissa mais arriscada e uma forma barata de testá-la logo no início.'),
  ('decision-matrix', 'pt', 'Matriz de decisão', 'Comparar opções com critérios ponderados.',
   'Estou escolhendo entre [options]. Me ajude a escolher critérios que importam para esta decisão, atribuir pesos, pontuar cada opção e mostrar o resultado em uma tabela. Depois diga qual resultado mudaria se um peso fosse alterado.'),
  ('inbox-triage', 'pt', 'Triar minhas mensagens', 'Responder, delegar, agendar ou arquivar.',
   'Aqui estão os assuntos e as primeiras frases das mensagens que me aguardam:

[paste list]

Classifique cada uma em responder agora, delegar, agendar ou arquivar, e rascunhe respostas de uma linha para as que precisam de resposta hoje.'),
  ('daily-review', 'pt', 'Revisão do fim do dia', 'Uma reflexão curta que prepara o dia seguinte.',
   'Me faça cinco perguntas curtas, uma por vez, para revisar meu dia: o que foi feito, o que travou, o que aprendi, o que drenou minha energia e a primeira tarefa de amanhã. Depois das minhas respostas, resuma-as em quatro linhas.'),
  ('literature-map', 'pt', 'Mapear uma área de pesquisa', 'Principais perguntas, correntes e problemas em aberto.',
   'Me dê um mapa da pesquisa sobre [topic]: as principais perguntas feitas, as escolas de pensamento concorrentes, os métodos-chave e os problemas em aberto. Indique claramente de quais partes você tem segurança e quais eu deveria verificar em fontes primárias.'),
  ('steelman-both-sides', 'pt', 'Fortalecer os dois lados', 'O argumento mais forte a favor e contra uma afirmação.',
   'Considere a afirmação: [claim]. Escreva o argumento mais forte possível a favor e o mais forte possível contra, cada um como um defensor bem informado o faria. Depois liste as evidências que mais mudariam sua opinião em qualquer direção.'),
  ('evaluate-a-study', 'pt', 'Avaliar um estudo', 'Desenho, amostra, fatores de confusão e o que ele realmente mostra.',
   'Avalie o estudo descrito abaixo. Aborde o desenho, o tamanho da amostra e como ela foi escolhida, possíveis fatores de confusão, se a conclusão decorre dos dados e o que um bom estudo de acompanhamento deveria testar.

[paste abstract or summary]'),
  ('question-breakdown', 'pt', 'Decompor uma grande pergunta', 'Subperguntas que dá para responder de fato.',
   'Minha grande pergunta é: [question]. Divida-a em cinco a oito perguntas menores que possam ser respondidas, cada uma, com uma fonte, um conjunto de dados ou um experimento específico. Ordene-as de modo que as primeiras respostas facilitem as seguintes.'),
  ('source-triangulation', 'pt', 'Triangular um fato', 'Como confirmar uma afirmação com fontes independentes.',
   'Li que [claim]. Diga que tipos de fontes independentes poderiam confirmar ou contradizer isso, o que cada uma precisaria mostrar e as formas comuns pelas quais esse tipo de afirmação se distorce ao se espalhar.'),
  ('interview-synthesis', 'pt', 'Sintetizar anotações de entrevistas', 'Temas, citações e surpresas a partir de anotações brutas.',
   'Aqui estão anotações de várias entrevistas:

[paste notes]

Agrupe as descobertas em temas. Para cada tema, diga quantas entrevistas o mencionam, uma citação representativa e o que ele sugere que façamos. Termine com o que for surpreendente ou contraditório.'),
  ('tighten-a-draft', 'pt', 'Enxugar um rascunho', 'Cortar o excesso e manter o sentido.',
   'Edite o texto abaixo para que fique pelo menos 30% mais curto sem perder nenhum fato ou argumento. Remova rodeios, ideias repetidas e frases vazias. Devolva o texto editado e depois uma lista curta dos maiores cortes que você fez.

[paste text]'),
  ('explain-like-a-colleague', 'pt', 'Reescrever para um colega inteligente', 'Transformar jargão em linguagem clara e precisa.',
   'Reescreva o trecho abaixo para um colega inteligente de outro departamento. Mantenha cada afirmação técnica correta, substitua o jargão por palavras simples ou defina-o uma vez e mantenha as frases com menos de 25 palavras.

[paste passage]'),
  ('outline-before-writing', 'pt', 'Esboce antes de escrever', 'Um esboço estruturado com uma tese e espaço para as evidências.',
   'Quero escrever um texto sobre [topic] para [audience]. Proponha uma tese em uma frase e depois um esboço de 4 a 6 seções. Para cada seção, dê a afirmação principal, as evidências de que eu precisaria e uma pergunta que um leitor cético faria.'),
  ('headline-variations', 'pt', 'Dez variações de título', 'Títulos em tons diferentes para um artigo.',
   'Escreva dez títulos para um artigo sobre [subject]. Faça dois de cada tipo: curioso, direto, com números, do contra e focado no benefício. Mantenha cada um abaixo de 70 caracteres e marque aquele que você testaria primeiro, com um motivo.'),
  ('difficult-email', 'pt', 'Escrever um e-mail difícil', 'Firme, gentil e claro sobre o próximo passo.',
   'Me ajude a escrever um e-mail para [recipient] sobre [situation]. O tom deve ser firme, mas gentil. Apresente os fatos sem culpar ninguém, diga claramente o que preciso e até quando, e termine com um próximo passo concreto. Me dê uma versão curta e outra mais longa.'),
  ('summarise-for-busy-reader', 'pt', 'Resumo para um leitor sem tempo', 'Três níveis de resumo de um mesmo documento.',
   'Resuma o documento abaixo em três níveis: uma frase, três tópicos e um parágrafo de cerca de 120 palavras. Mantenha números e nomes exatos e sinalize qualquer coisa que pareça incerta na fonte.

[paste document]'),
  ('style-match', 'pt', 'Imitar meu estilo de escrita', 'Continuar um texto com a voz do próprio autor.',
   'Estude a amostra da minha escrita abaixo: tamanho das frases, vocabulário, ritmo e como eu abro os parágrafos. Depois escreva [what to write] com a mesma voz. Após o texto, liste três características do meu estilo que você copiou de propósito.

[paste sample]')
) as v (prompt_id, language, title, description, body)
join public.prompts p on p.id = v.prompt_id
on conflict (prompt_id, language) do nothing;
