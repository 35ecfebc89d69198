-- The prompt library in French: every category's label and every prompt's title, description and
-- body. Its square-bracket placeholders, still in English here, are translated by 20261203400001. Only prompts that exist are
-- translated, and a translation already present is left alone, so the file also applies to a project
-- whose library was changed.

insert into public.prompt_category_translations (category, language, label)
select v.category, v.language, v.label from (values
  ('Business', 'fr', 'Entreprise'),
  ('Career', 'fr', 'Carrière'),
  ('Coding', 'fr', 'Programmation'),
  ('Creative', 'fr', 'Créativité'),
  ('Data', 'fr', 'Données'),
  ('Learning', 'fr', 'Apprentissage'),
  ('Marketing', 'fr', 'Marketing'),
  ('Productivity', 'fr', 'Productivité'),
  ('Research', 'fr', 'Recherche'),
  ('Writing', 'fr', 'Rédaction')
) as v (category, language, label)
on conflict (category, language) do nothing;

insert into public.prompt_translations (prompt_id, language, title, description, body)
select v.prompt_id, v.language, v.title, v.description, v.body from (values
  ('one-page-strategy', 'fr', 'Une stratégie sur une page', 'Diagnostic, politique directrice et actions cohérentes.',
   'Aide-moi à rédiger une stratégie d’une page pour [team or company]. Commence par un diagnostic du principal défi, puis une politique directrice pour y faire face, puis quatre à six actions cohérentes. Signale toute action qui ne découle pas du diagnostic.'),
  ('pricing-options', 'fr', 'Explorer des options de prix', 'Modèles, ancrages et ce que chacun signale.',
   'Nous vendons [product] à [customers] et facturons actuellement [current price]. Propose trois modèles de prix alternatifs : ce que chacun signale aux clients, qui en serait mécontent, et une expérience simple pour tester le plus prometteur.'),
  ('risk-premortem', 'fr', 'Mener un pré-mortem', 'Imaginer l’échec du projet et expliquer pourquoi.',
   'Imagine que nous sommes dans un an et que [project] a clairement échoué. Écris l’histoire la plus plausible de cet échec. Liste ensuite les signaux d’alerte que nous pourrions surveiller dès maintenant et une action qui réduirait chaque risque.'),
  ('okr-draft', 'fr', 'Rédiger des objectifs et résultats clés', 'Des résultats mesurables plutôt que des listes de tâches.',
   'Rédige des objectifs et résultats clés (OKR) pour [team] pour le prochain trimestre, à partir de ce contexte : [context]. Chaque résultat clé doit être un résultat mesurable, pas une tâche. Signale tout résultat clé qui pourrait être atteint alors que l’objectif échoue quand même.'),
  ('stakeholder-update', 'fr', 'Point d’étape pour les parties prenantes', 'Avancement, risques et demandes dans une note courte.',
   'Rédige un court point d’étape pour [stakeholders] sur [project]. Fais trois parties : où nous en sommes par rapport au plan, les principaux risques et ce que nous faisons à leur sujet, et ce dont nous avons besoin de leur part. Reste sous les 200 mots et commence par le point le plus important.'),
  ('unit-economics', 'fr', 'Vérifier l’économie unitaire', 'Revenu et coût par client, hypothèses comprises.',
   'Aide-moi à vérifier la cohérence de l’économie unitaire de [business]. Demande-moi les chiffres dont tu as besoin, puis calcule le revenu par client, le coût de service, le coût d’acquisition et le délai de retour sur investissement. Énonce chaque hypothèse et montre celle à laquelle le résultat est le plus sensible.'),
  ('job-to-be-done', 'fr', 'Trouver le job à accomplir', 'Ce pour quoi les clients « embauchent » vraiment le produit.',
   'Décris le job pour lequel les clients « embauchent » [product], sous la forme : quand je suis dans cette situation, je veux ce progrès, afin d’obtenir ce résultat. Donne trois jobs possibles, les alternatives concurrentes pour chacun et les éléments qui permettraient de les départager.'),
  ('tailor-a-resume', 'fr', 'Adapter un CV à une offre', 'Faire correspondre l’expérience réelle à l’annonce.',
   'Voici une offre d’emploi :

[paste posting]

et mon CV :

[paste resume]

Propose des modifications qui rapprochent mon expérience réelle de ce que demande l’offre. Réécris jusqu’à cinq puces pour montrer des résultats chiffrés, et liste les lacunes que je devrais aborder dans la lettre de motivation. N’invente aucune expérience.'),
  ('mock-interview', 'fr', 'Entretien d’entraînement', 'Des questions réalistes avec un retour sur chaque réponse.',
   'Fais-moi passer un entretien d’entraînement pour un poste de [role] dans [type of company]. Pose une question à la fois, en mêlant questions comportementales et questions propres au poste. Après chacune de mes réponses, donne un bref retour sur la structure, la précision et ce qu’il faudrait ajouter.'),
  ('negotiate-an-offer', 'fr', 'Préparer une négociation salariale', 'Arguments, chiffres et les mots à dire.',
   'J’ai reçu une offre de [offer] pour [role] à [location]. Aide-moi à préparer la négociation : les arguments que je peux avancer, un montant cible et un seuil en dessous duquel je refuse, et un court script pour l’appel, avec des réponses aux objections probables.'),
  ('career-options', 'fr', 'Explorer des pistes de carrière', 'Des parcours qui s’appuient sur ce que j’ai déjà.',
   'Mon parcours : [background]. Ce que j’aime : [interests]. Ce que je veux éviter : [constraints]. Propose cinq pistes de carrière qui s’appuient sur cela, les compétences qui me manquent pour chacune, et une petite expérience pour tester chaque piste en moins d’un mois.'),
  ('feedback-conversation', 'fr', 'Préparer un entretien de feedback', 'Un retour précis, bienveillant et actionnable.',
   'Je dois faire un retour à [person] au sujet de [behaviour]. Aide-moi à me préparer : décris la situation, le comportement et son impact, une question qui invite son point de vue et une demande concrète. Suggère aussi comment réagir si la personne se met sur la défensive.'),
  ('linkedin-summary', 'fr', 'Résumé de profil professionnel', 'Un résumé court qui sonne humain.',
   'Rédige un résumé de profil professionnel d’environ 100 mots à partir de ces notes : [notes]. Il doit sonner comme une personne, pas comme une liste de mots à la mode. Commence par le problème que je résous et inclus une réussite concrète.'),
  ('first-90-days', 'fr', 'Planifier les 90 premiers jours', 'Apprendre, gagner la confiance, puis livrer.',
   'Je commence comme [role] chez [company]. Rédige un plan de 90 jours en trois phases : apprendre, obtenir des premières victoires et livrer un objectif plus ambitieux. Pour chaque phase, liste les personnes à rencontrer, les questions à poser et un signe que la phase s’est bien passée.'),
  ('review-a-diff', 'fr', 'Relire une modification de code', 'Une relecture attentive des bugs, des risques et de la clarté.',
   'Relis la modification de code ci-dessous comme le ferait une ingénieure senior attentive. Liste d’abord les vrais bugs, puis les cas limites risqués, puis les problèmes de lisibilité. Pour chaque point, cite la ligne, explique le problème en une ou deux phrases et propose une correction. Pas de compliments ni de remarques de style qu’un formateur automatique relèverait.

[paste diff]'),
  ('explain-this-code', 'fr', 'Expliquer un code inconnu', 'Ce que fait un morceau de code, et pourquoi, pas à pas.',
   'Explique le code ci-dessous à un développeur qui connaît [language] mais pas cette base de code. Commence par son objectif en deux phrases, puis parcours le flux de contrôle, puis signale tout ce qui est surprenant ou fragile.

[paste code]'),
  ('write-tests-first', 'fr', 'Concevoir les tests d’abord', 'Des cas de test qui fixent le comportement avant de coder.',
   'Je m’apprête à implémenter [feature]. Avant toute ligne de code, liste les cas de test qui prouveraient que cela fonctionne : les cas nominaux, les limites, les entrées invalides et les défaillances des dépendances. Nomme chaque test d’après la règle qu’il vérifie, puis écris les tests en [test framework].'),
  ('debug-an-error', 'fr', 'Déboguer un message d’erreur', 'Les causes probables classées, avec une vérification pour chacune.',
   'J’obtiens cette erreur :

[paste error and stack trace]

Contexte : [what I was doing]. Classe les trois causes les plus probables. Pour chacune, donne une vérification rapide qui la confirme ou l’écarte, et la correction si elle est confirmée. Demande-moi tout ce qui te manque.'),
  ('refactor-safely', 'fr', 'Planifier un refactoring sûr', 'Des petites étapes réversibles qui gardent les tests au vert.',
   'Planifie un refactoring du code ci-dessous vers [goal]. Découpe-le en petites étapes qui laissent chacune le code compilable et les tests verts. Pour chaque étape, dis ce qui change, ce qui pourrait casser et comment le vérifier.

[paste code]'),
  ('sql-from-question', 'fr', 'Du SQL à partir d’une question simple', 'Transformer une question métier en requête.',
   'Étant donné ces tables :

[paste schema]

écris une requête SQL qui répond à : [question]. Explique chaque jointure et chaque filtre en une ligne, précise comment les NULL et les doublons sont traités, et suggère un index si la requête risque d’être lente sur une grande table.'),
  ('regex-with-tests', 'fr', 'Expression régulière avec exemples', 'Un motif, plus des chaînes qu’il doit accepter et refuser.',
   'Écris une expression régulière pour [language or tool] qui reconnaît [description]. Donne ensuite six chaînes qu’elle doit reconnaître et six qu’elle doit rejeter, y compris des quasi-correspondances piégeuses, et explique chaque partie du motif.'),
  ('story-opening', 'fr', 'Trois débuts d’histoire', 'Des voix différentes pour la même prémisse.',
   'Écris trois premiers paragraphes différents pour une histoire dont voici la prémisse : [premise]. Utilise pour chacun un point de vue et un ton différents. Après chacun, note la promesse qu’il fait au lecteur.'),
  ('worldbuilding-questions', 'fr', 'Questions pour construire un monde', 'Des questions qui rendent un monde inventé cohérent.',
   'Je construis un monde de fiction dans lequel [core idea]. Pose-moi vingt questions sur son économie, ses croyances, la vie quotidienne, ses conflits et son histoire, qui le rendraient cohérent et surprenant. Regroupe-les par thème.'),
  ('brainstorm-wild', 'fr', 'Un brainstorming sans limites', 'D’abord beaucoup d’idées, le jugement ensuite.',
   'Trouve 25 idées pour [challenge]. Inclus des idées évidentes, des idées absurdes et d’autres qui brisent une hypothèse que tout le monde fait. Ne les juge pas encore. Choisis ensuite les trois plus intéressantes et explique ce qui rend chacune digne d’être explorée.'),
  ('poem-in-form', 'fr', 'Un poème à forme fixe', 'La contrainte comme outil créatif.',
   'Écris un poème sur [subject] sous la forme [form, for example sonnet, haiku sequence or villanelle]. Respecte strictement la forme. Explique ensuite un choix de mot ou d’image que la forme t’a imposé.'),
  ('character-sketch', 'fr', 'Portrait de personnage', 'Désirs, peurs et une contradiction.',
   'Crée un personnage pour une histoire qui se déroule dans [setting]. Décris ce qu’il veut, ce qu’il craint, une habitude qui le révèle et une contradiction dans sa personnalité. Écris ensuite une courte scène qui montre tout cela sans jamais l’énoncer.'),
  ('name-ideas', 'fr', 'Idées de noms', 'Des noms pour un produit, un projet ou un animal, avec leurs raisons.',
   'Propose 20 noms pour [thing] qui doivent évoquer [qualities]. Mélange mots inventés, mots existants et combinaisons. Pour les cinq meilleurs, explique les associations et les risques éventuels, comme un sens dans une autre langue.'),
  ('explain-a-chart', 'fr', 'Expliquer ce que montre un graphique', 'Message principal, mises en garde et questions suivantes.',
   'Voici les données d’un graphique :

[paste data or description]

Donne-moi le message principal en une phrase, les deux détails les plus importants, tout ce qui pourrait induire un lecteur en erreur (échelle, données manquantes, petits échantillons) et la prochaine question que je devrais poser.'),
  ('clean-a-dataset', 'fr', 'Planifier le nettoyage de données', 'Les vérifications à faire avant de se fier à un jeu de données.',
   'J’ai un jeu de données avec ces colonnes : [columns]. Liste les vérifications à faire avant de m’y fier : valeurs manquantes, doublons, valeurs impossibles, catégories incohérentes et problèmes de fuseau horaire. Pour chaque vérification, donne une façon concrète de la faire dans [tool].'),
  ('metric-definition', 'fr', 'Définir précisément un indicateur', 'Numérateur, dénominateur et cas limites.',
   'Aide-moi à définir précisément l’indicateur [metric name] pour [product]. Précise le numérateur, le dénominateur, la fenêtre de temps, ce qui est exclu et comment traiter les cas limites. Décris ensuite une façon dont l’indicateur pourrait monter alors que la situation se dégrade.'),
  ('ab-test-readout', 'fr', 'Lire le résultat d’un test A/B', 'Ce que les chiffres permettent de conclure, et ce qu’ils ne permettent pas.',
   'Voici les résultats d’un test A/B : [results]. Explique ce qu’ils permettent de conclure, si l’échantillon est assez grand, ce qui a pu biaiser le résultat et quelle décision tu recommanderais, avec ton degré de confiance.'),
  ('spreadsheet-formula', 'fr', 'Formule de tableur', 'Une formule expliquée en langage clair.',
   'Dans un tableur, la colonne A contient [data] et la colonne B contient [data]. Écris une formule qui [goal]. Explique son fonctionnement morceau par morceau et son comportement avec des cellules vides.'),
  ('analysis-plan', 'fr', 'Plan d’analyse', 'Hypothèses, données et méthodes avant de toucher aux données.',
   'Je veux savoir [question] à partir de [data source]. Avant que je regarde les données, rédige un plan d’analyse : hypothèses, données exactes nécessaires, méthode pour chaque hypothèse, et quel résultat vaudrait confirmation ou réfutation.'),
  ('teach-me-step-by-step', 'fr', 'Apprends-moi pas à pas', 'Une leçon guidée qui vérifie la compréhension.',
   'Enseigne-moi [topic] comme un tuteur patient. Commence par me demander ce que je sais déjà. Explique ensuite une idée à la fois avec un exemple concret et, après chaque idée, pose-moi une question pour vérifier que j’ai compris avant de continuer.'),
  ('analogies', 'fr', 'Trois analogies pour un concept', 'Plusieurs angles sur une idée difficile.',
   'Explique [concept] avec trois analogies différentes tirées de la vie quotidienne. Après chaque analogie, dis où elle cesse de fonctionner, pour que je ne la pousse pas trop loin.'),
  ('quiz-me', 'fr', 'Interroge-moi', 'Des questions de difficulté croissante, avec un retour.',
   'Interroge-moi sur [subject] avec dix questions de difficulté croissante. Pose une question à la fois, attends ma réponse, dis-moi si elle est juste et pourquoi, et adapte la question suivante à mon niveau.'),
  ('learning-plan', 'fr', 'Plan d’apprentissage sur trente jours', 'Une pratique quotidienne vers une compétence concrète.',
   'Je veux être capable de [skill goal] en 30 jours, avec environ [minutes] minutes par jour. Fais un plan avec un jalon par semaine, un exercice quotidien et un petit projet à la fin de chaque semaine qui prouve les progrès.'),
  ('common-misconceptions', 'fr', 'Idées reçues fréquentes', 'Ce que les débutants comprennent souvent de travers, et pourquoi.',
   'Liste les idées reçues les plus fréquentes chez les débutants au sujet de [topic]. Pour chacune, explique pourquoi elle semble vraie, ce qu’il en est réellement, et donne un exemple rapide qui rend la différence évidente.'),
  ('flashcards', 'fr', 'Créer des fiches de révision', 'Des fiches question-réponse à partir de notes de cours.',
   'Transforme les notes ci-dessous en 15 fiches de révision. Chaque fiche a une question précise au recto et une réponse courte au verso. Préfère les questions qui testent la compréhension à celles qui testent la simple mémorisation.

[paste notes]'),
  ('value-proposition', 'fr', 'Affûter une proposition de valeur', 'De la liste de fonctionnalités à une promesse claire.',
   'Mon produit est [product] pour [customer]. Ses principales fonctionnalités sont [features]. Écris cinq propositions de valeur de 15 mots au plus qui nomment le résultat obtenu par le client, pas la fonctionnalité. Dis ensuite laquelle est la plus précise et pourquoi.'),
  ('landing-page-critique', 'fr', 'Critiquer une page d’atterrissage', 'Clarté, preuves et frictions, section par section.',
   'Voici le texte d’une page d’atterrissage :

[paste copy]

Critique-le comme un visiteur qui découvre la page et dispose de dix secondes. Qu’est-ce qui est clair, qu’est-ce qui est vague, où manque-t-il des preuves et qu’est-ce qui t’empêcherait de t’inscrire ? Termine par les trois changements qui compteraient le plus.'),
  ('customer-interview-guide', 'fr', 'Guide d’entretien client', 'Des questions ouvertes sur des comportements passés réels.',
   'Rédige un guide d’entretien de 30 minutes pour comprendre comment [type of customer] gère aujourd’hui [problem]. Utilise des questions ouvertes sur des événements passés précis plutôt que sur des opinions ou des hypothèses, ajoute des relances et ne mentionne notre produit que dans les cinq dernières minutes.'),
  ('social-post-series', 'fr', 'Une semaine de posts pour les réseaux sociaux', 'Cinq posts sous des angles différents autour d’un thème.',
   'Écris cinq courts posts pour [platform] sur [theme] à destination de [audience]. Prends un angle différent pour chacun : une astuce, une histoire, un chiffre surprenant, une erreur fréquente et une question au lecteur. Reste sous les 280 caractères pour chacun.'),
  ('newsletter-issue', 'fr', 'Rédiger un numéro de newsletter', 'Une idée, une histoire, un appel à l’action.',
   'Rédige un numéro de newsletter pour [audience] sur [topic]. Structure : une accroche de deux phrases, une idée principale expliquée par un exemple concret, une courte liste de trois enseignements et un seul appel à l’action. Reste sous les 400 mots.'),
  ('competitor-comparison', 'fr', 'Comparaison honnête avec un concurrent', 'Où nous gagnons, où nous perdons, et pour qui.',
   'Compare [our product] à [competitor] pour un acheteur attaché à [criteria]. Sois honnête sur les points où le concurrent est meilleur. Présente la comparaison sous forme de tableau, puis écris deux phrases sur le type de client qui devrait choisir chacun.'),
  ('weekly-plan', 'fr', 'Planifier ma semaine', 'Priorités, créneaux et ce qu’il faut abandonner.',
   'Voici tout ce que j’ai sur les bras cette semaine : [list]. J’ai environ [hours] heures de temps concentré. Choisis les trois résultats qui comptent le plus, propose des créneaux pour eux et dis-moi ce que je dois reporter, déléguer ou abandonner, avec une raison pour chaque.'),
  ('meeting-to-actions', 'fr', 'Des notes de réunion aux actions', 'Décisions, responsables et échéances à partir de notes en vrac.',
   'Transforme ces notes de réunion en : décisions prises, actions avec un responsable et une échéance, et questions ouvertes. S’il manque un responsable ou une date, signale-le au lieu de deviner.

[paste notes]'),
  ('break-down-a-project', 'fr', 'Découper un projet', 'Des jalons et la toute première étape.',
   'Je dois [project goal] d’ici le [date]. Découpe cela en jalons, puis divise le premier jalon en tâches de moins de deux heures chacune. Signale l’hypothèse la plus risquée et un moyen peu coûteux de la tester tôt.'),
  ('decision-matrix', 'fr', 'Matrice de décision', 'Comparer des options selon des critères pondérés.',
   'J’hésite entre [options]. Aide-moi à choisir les critères qui comptent pour cette décision, à les pondérer, à noter chaque option et à présenter le résultat sous forme de tableau. Dis-moi ensuite quel résultat basculerait si un poids changeait.'),
  ('inbox-triage', 'fr', 'Trier mes messages', 'Répondre, déléguer, planifier ou archiver.',
   'Voici les objets et premières phrases des messages qui m’attendent :

[paste list]

Classe chacun dans : répondre maintenant, déléguer, planifier ou archiver, et rédige des réponses d’une ligne pour ceux qui demandent une réponse aujourd’hui.'),
  ('daily-review', 'fr', 'Bilan de fin de journée', 'Une courte réflexion qui prépare le lendemain.',
   'Pose-moi cinq questions courtes, une à la fois, pour faire le bilan de ma journée : ce qui a été fait, ce qui a bloqué, ce que j’ai appris, ce qui m’a pris de l’énergie et la première tâche de demain. Après mes réponses, résume-les en quatre lignes.'),
  ('literature-map', 'fr', 'Cartographier un domaine de recherche', 'Grandes questions, écoles et problèmes ouverts.',
   'Dresse-moi une carte de la recherche sur [topic] : les grandes questions posées, les écoles de pensée concurrentes, les méthodes clés et les problèmes ouverts. Indique clairement les parties dont tu es sûr et celles que je devrais vérifier dans des sources primaires.'),
  ('steelman-both-sides', 'fr', 'Renforcer les deux camps', 'Le meilleur argument pour et contre une affirmation.',
   'Prends l’affirmation : [claim]. Écris le meilleur argument possible en sa faveur et le meilleur argument possible contre elle, chacun comme le défendrait un avocat bien informé. Liste ensuite les éléments qui feraient le plus changer d’avis dans un sens ou dans l’autre.'),
  ('evaluate-a-study', 'fr', 'Évaluer une étude', 'Méthodologie, échantillon, facteurs de confusion et ce qu’elle montre vraiment.',
   'Évalue l’étude décrite ci-dessous. Traite de la méthodologie, de la taille de l’échantillon et de la façon dont il a été choisi, des facteurs de confusion possibles, de la question de savoir si la conclusion découle des données, et de ce que testerait une bonne étude de suivi.

[paste abstract or summary]'),
  ('question-breakdown', 'fr', 'Décomposer une grande question', 'Des sous-questions auxquelles on peut vraiment répondre.',
   'Ma grande question est : [question]. Décompose-la en cinq à huit questions plus petites auxquelles on peut chacune répondre avec une source, un jeu de données ou une expérience précise. Ordonne-les de sorte que les premières réponses facilitent les suivantes.'),
  ('source-triangulation', 'fr', 'Trianguler un fait', 'Comment confirmer une affirmation avec des sources indépendantes.',
   'J’ai lu que [claim]. Dis-moi quels types de sources indépendantes pourraient le confirmer ou le contredire, ce que chacune devrait montrer, et les façons dont ce genre d’affirmation se déforme souvent en circulant.'),
  ('interview-synthesis', 'fr', 'Synthétiser des notes d’entretien', 'Thèmes, citations et surprises à partir de notes brutes.',
   'Voici les notes de plusieurs entretiens :

[paste notes]

Regroupe les enseignements par thème. Pour chaque thème, indique combien d’entretiens l’évoquent, une citation représentative et ce qu’il suggère de faire. Termine par ce qui est surprenant ou contradictoire.'),
  ('tighten-a-draft', 'fr', 'Resserrer un brouillon', 'Supprimer le superflu, garder le sens.',
   'Retravaille le texte ci-dessous pour qu’il soit au moins 30 % plus court sans perdre aucun fait ni argument. Supprime les précautions oratoires, les idées répétées et les formules creuses. Rends le texte retravaillé, puis une courte liste des coupes les plus importantes.

[paste text]'),
  ('explain-like-a-colleague', 'fr', 'Réécrire pour un collègue avisé', 'Transformer le jargon en langage clair et précis.',
   'Réécris le passage ci-dessous pour un collègue avisé d’un autre service. Garde chaque affirmation technique exacte, remplace le jargon par des mots simples ou définis-le une fois, et limite les phrases à 25 mots.

[paste passage]'),
  ('outline-before-writing', 'fr', 'Faire un plan avant d’écrire', 'Un plan structuré avec une thèse et la place des preuves.',
   'Je veux écrire un texte sur [topic] pour [audience]. Propose une thèse en une phrase, puis un plan de 4 à 6 parties. Pour chaque partie, donne l’idée principale, les preuves dont j’aurais besoin et une question que poserait un lecteur sceptique.'),
  ('headline-variations', 'fr', 'Dix variantes de titre', 'Des titres sur des tons différents pour un même article.',
   'Écris dix titres pour un article sur [subject]. Fais-en deux de chaque type : intrigant, direct, chiffré, à contre-courant et centré sur le bénéfice. Reste sous les 70 caractères pour chacun et indique celui que tu testerais en premier, avec une raison.'),
  ('difficult-email', 'fr', 'Écrire un e-mail difficile', 'Ferme, bienveillant et clair sur la prochaine étape.',
   'Aide-moi à écrire un e-mail à [recipient] au sujet de [situation]. Le ton doit être ferme mais bienveillant. Expose les faits sans reproche, dis clairement ce dont j’ai besoin et pour quand, et termine par une prochaine étape concrète. Donne-moi une version courte et une version plus longue.'),
  ('summarise-for-busy-reader', 'fr', 'Résumé pour un lecteur pressé', 'Trois niveaux de résumé d’un même document.',
   'Résume le document ci-dessous à trois niveaux : une phrase, trois puces et un paragraphe d’environ 120 mots. Reprends exactement les chiffres et les noms, et signale tout ce qui paraît incertain dans la source.

[paste document]'),
  ('style-match', 'fr', 'Imiter mon style d’écriture', 'Poursuivre un texte avec la voix de son auteur.',
   'Étudie l’extrait de mes textes ci-dessous : longueur des phrases, vocabulaire, rythme et façon d’ouvrir les paragraphes. Écris ensuite [what to write] avec la même voix. Après le texte, liste trois traits de mon style que tu as repris délibérément.

[paste sample]')
) as v (prompt_id, language, title, description, body)
join public.prompts p on p.id = v.prompt_id
on conflict (prompt_id, language) do nothing;
