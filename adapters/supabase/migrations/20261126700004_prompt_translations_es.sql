-- The prompt library in Spanish: every category's label and every prompt's title, description and
-- body. Its square-bracket placeholders, still in English here, are translated by 20261203400001. Only prompts that exist are
-- translated, and a translation already present is left alone, so the file also applies to a project
-- whose library was changed.

insert into public.prompt_category_translations (category, language, label)
select v.category, v.language, v.label from (values
  ('Business', 'es', 'Negocio'),
  ('Career', 'es', 'Carrera'),
  ('Coding', 'es', 'Programación'),
  ('Creative', 'es', 'Creatividad'),
  ('Data', 'es', 'Datos'),
  ('Learning', 'es', 'Aprendizaje'),
  ('Marketing', 'es', 'Marketing'),
  ('Productivity', 'es', 'Productividad'),
  ('Research', 'es', 'Investigación'),
  ('Writing', 'es', 'Escritura')
) as v (category, language, label)
on conflict (category, language) do nothing;

insert into public.prompt_translations (prompt_id, language, title, description, body)
select v.prompt_id, v.language, v.title, v.description, v.body from (values
  ('one-page-strategy', 'es', 'Estrategia en una página', 'Diagnóstico, política guía y acciones coherentes.',
   'Ayúdame a escribir una estrategia de una página para [team or company]. Empieza con un diagnóstico del reto principal, sigue con una política guía para afrontarlo y después cuatro a seis acciones coherentes. Señala cualquier acción que no se derive del diagnóstico.'),
  ('pricing-options', 'es', 'Explorar opciones de precios', 'Modelos, anclas y lo que transmite cada uno.',
   'Vendemos [product] a [customers] y ahora cobramos [current price]. Propón tres modelos de precios alternativos, lo que transmite cada uno a los clientes, a quién le disgustaría y un experimento sencillo para probar el más prometedor.'),
  ('risk-premortem', 'es', 'Hacer un pre-mortem', 'Imagina que el proyecto fracasó y explica por qué.',
   'Imagina que ha pasado un año y [project] ha fracasado claramente. Escribe la historia más verosímil de por qué. Después enumera las señales de alarma que podríamos vigilar desde ya y una acción que reduciría cada riesgo.'),
  ('okr-draft', 'es', 'Redactar objetivos y resultados clave', 'Resultados medibles en lugar de listas de tareas.',
   'Redacta objetivos y resultados clave (OKR) para [team] para el próximo trimestre, a partir de este contexto: [context]. Cada resultado clave debe ser un resultado medible, no una tarea. Señala cualquier resultado clave que pudiera cumplirse aunque el objetivo fracase.'),
  ('stakeholder-update', 'es', 'Actualización para las partes interesadas', 'Estado, riesgos y peticiones en una nota breve.',
   'Escribe una actualización breve para [stakeholders] sobre [project]. Usa tres partes: dónde estamos respecto al plan, los principales riesgos y qué hacemos al respecto, y qué necesitamos de ellos. Que no pase de 200 palabras y empieza por lo más importante.'),
  ('unit-economics', 'es', 'Revisar la economía unitaria', 'Ingresos y costes por cliente, con sus supuestos.',
   'Ayúdame a comprobar si cuadra la economía unitaria de [business]. Pídeme los números que necesites y luego calcula el ingreso por cliente, el coste de servicio, el coste de adquisición y el periodo de recuperación. Indica cada supuesto y muestra a cuál es más sensible el resultado.'),
  ('job-to-be-done', 'es', 'Encontrar el trabajo por hacer', 'Para qué «contratan» realmente los clientes el producto.',
   'Describe el trabajo para el que los clientes «contratan» [product], con esta forma: cuando estoy en esta situación, quiero este avance, para lograr este resultado. Da tres trabajos posibles, las alternativas que compiten en cada uno y qué pruebas permitirían distinguirlos.'),
  ('tailor-a-resume', 'es', 'Adaptar el currículum a una oferta', 'Relacionar la experiencia real con el anuncio.',
   'Esta es una oferta de empleo:

[paste posting]

y este es mi currículum:

[paste resume]

Sugiere cambios que relacionen mi experiencia real con lo que pide la oferta. Reescribe hasta cinco viñetas para mostrar resultados con cifras y enumera las carencias que debería abordar en la carta de presentación. No inventes experiencia.'),
  ('mock-interview', 'es', 'Entrevista de práctica', 'Preguntas realistas con comentarios sobre cada respuesta.',
   'Hazme una entrevista de práctica para un puesto de [role] en [type of company]. Haz una pregunta cada vez, mezclando preguntas de comportamiento y preguntas propias del puesto. Después de cada respuesta, dame una valoración breve sobre la estructura, la concreción y lo que debería añadir.'),
  ('negotiate-an-offer', 'es', 'Preparar una negociación salarial', 'Argumentos, cifras y las palabras adecuadas.',
   'He recibido una oferta de [offer] para [role] en [location]. Ayúdame a preparar la negociación: los argumentos que puedo usar, una cifra objetivo y una cifra mínima a partir de la cual me retiro, y un guion breve para la llamada, con respuestas a las objeciones probables.'),
  ('career-options', 'es', 'Explorar opciones profesionales', 'Caminos que aprovechan lo que ya tengo.',
   'Mi trayectoria: [background]. Lo que me gusta: [interests]. Lo que quiero evitar: [constraints]. Sugiere cinco caminos profesionales que aprovechen esto, las habilidades que me faltan para cada uno y un pequeño experimento para probar cada camino en un mes.'),
  ('feedback-conversation', 'es', 'Preparar una conversación de feedback', 'Comentarios concretos, amables y accionables.',
   'Tengo que darle feedback a [person] sobre [behaviour]. Ayúdame a prepararlo: describe la situación, el comportamiento y su impacto, una pregunta que invite a dar su punto de vista y una petición concreta. Sugiere también cómo responder si se pone a la defensiva.'),
  ('linkedin-summary', 'es', 'Resumen del perfil profesional', 'Un resumen breve que suene a persona.',
   'Escribe un resumen de perfil profesional de unas 100 palabras a partir de estas notas: [notes]. Que suene a una persona, no a una lista de palabras de moda. Empieza por el problema que resuelvo e incluye un logro concreto.'),
  ('first-90-days', 'es', 'Planificar los primeros 90 días', 'Aprender, ganarse la confianza y luego cumplir.',
   'Empiezo como [role] en [company]. Redacta un plan de 90 días en tres fases: aprendizaje, primeras victorias y cumplimiento de un objetivo mayor. Para cada fase, enumera las personas con las que reunirme, las preguntas que hacer y una señal de que la fase ha ido bien.'),
  ('review-a-diff', 'es', 'Revisar un cambio de código', 'Una revisión de errores, riesgos y claridad.',
   'Revisa el cambio de código de abajo como lo haría una ingeniera sénior meticulosa. Enumera primero los errores reales, luego los casos límite arriesgados y después los problemas de legibilidad. En cada punto, cita la línea, explica el problema en una o dos frases y propón una corrección. Omite los elogios y los detalles de estilo que detectaría un formateador.

[paste diff]'),
  ('explain-this-code', 'es', 'Explicar código desconocido', 'Qué hace un fragmento de código y por qué, paso a paso.',
   'Explica el código de abajo a un desarrollador que conoce [language] pero no este código. Empieza por su propósito en dos frases, recorre después el flujo de control y señala por último cualquier cosa sorprendente o frágil.

[paste code]'),
  ('write-tests-first', 'es', 'Diseñar primero las pruebas', 'Casos de prueba que fijan el comportamiento antes de programar.',
   'Estoy a punto de implementar [feature]. Antes de escribir código, enumera los casos de prueba que demostrarían que funciona: los caminos normales, los límites, las entradas no válidas y los fallos de las dependencias. Nombra cada prueba según la regla que comprueba y después escribe las pruebas en [test framework].'),
  ('debug-an-error', 'es', 'Depurar un mensaje de error', 'Causas probables ordenadas, con una comprobación para cada una.',
   'Me aparece este error:

[paste error and stack trace]

Contexto: [what I was doing]. Ordena las tres causas más probables. Para cada una, da una comprobación rápida que la confirme o la descarte y la solución si se confirma. Pídeme lo que necesites y falte.'),
  ('refactor-safely', 'es', 'Planificar una refactorización segura', 'Pasos pequeños y reversibles que mantienen las pruebas en verde.',
   'Planifica una refactorización del código de abajo hacia [goal]. Divídela en pasos pequeños que dejen el código compilando y las pruebas pasando. En cada paso, di qué cambia, qué podría romperse y cómo comprobarlo.

[paste code]'),
  ('sql-from-question', 'es', 'SQL a partir de una pregunta sencilla', 'Convertir una pregunta de negocio en una consulta.',
   'Dadas estas tablas:

[paste schema]

escribe una consulta SQL que responda a: [question]. Explica cada join y cada filtro en una línea, menciona cómo se tratan los NULL y los duplicados, y sugiere un índice si la consulta fuera lenta en una tabla grande.'),
  ('regex-with-tests', 'es', 'Expresión regular con ejemplos', 'Un patrón y cadenas que debe aceptar y rechazar.',
   'Escribe una expresión regular para [language or tool] que reconozca [description]. Después da seis cadenas que debe aceptar y seis que debe rechazar, incluidos casi aciertos engañosos, y explica cada parte del patrón.'),
  ('story-opening', 'es', 'Tres comienzos para una historia', 'Voces distintas para la misma premisa.',
   'Escribe tres párrafos iniciales distintos para una historia con esta premisa: [premise]. Usa un punto de vista y un tono diferentes en cada uno. Después de cada uno, anota qué promesa le hace al lector.'),
  ('worldbuilding-questions', 'es', 'Preguntas para construir un mundo', 'Preguntas que hacen coherente un mundo inventado.',
   'Estoy construyendo un mundo de ficción en el que [core idea]. Hazme veinte preguntas sobre su economía, sus creencias, la vida cotidiana, sus conflictos y su historia que lo harían coherente y sorprendente. Agrúpalas por temas.'),
  ('brainstorm-wild', 'es', 'Lluvia de ideas sin límites', 'Primero muchas ideas; el juicio, después.',
   'Genera 25 ideas para [challenge]. Incluye ideas obvias, absurdas y otras que rompan un supuesto que todos damos por hecho. No las juzgues todavía. Después elige las tres más interesantes y explica qué hace que merezca la pena explorar cada una.'),
  ('poem-in-form', 'es', 'Un poema de forma fija', 'La restricción como herramienta creativa.',
   'Escribe un poema sobre [subject] con la forma [form, for example sonnet, haiku sequence or villanelle]. Respeta la forma estrictamente. Después explica una elección de palabra o de imagen que la forma te obligó a hacer.'),
  ('character-sketch', 'es', 'Boceto de personaje', 'Deseos, miedos y una contradicción.',
   'Crea un personaje para una historia ambientada en [setting]. Describe qué quiere, qué teme, un hábito que lo delata y una contradicción de su personalidad. Luego escribe una escena breve que muestre todo esto sin decirlo.'),
  ('name-ideas', 'es', 'Ideas de nombres', 'Nombres para un producto, un proyecto o una mascota, con sus razones.',
   'Sugiere 20 nombres para [thing] que transmitan [qualities]. Mezcla palabras inventadas, palabras reales y combinaciones. Para los cinco mejores, explica las asociaciones y cualquier riesgo, como un significado en otro idioma.'),
  ('explain-a-chart', 'es', 'Explicar lo que muestra un gráfico', 'Mensaje principal, advertencias y siguientes preguntas.',
   'Estos son los datos de un gráfico:

[paste data or description]

Dime el mensaje principal en una frase, los dos detalles más importantes, cualquier cosa que pudiera confundir a un lector (escala, datos que faltan, muestras pequeñas) y la siguiente pregunta que debería hacerme.'),
  ('clean-a-dataset', 'es', 'Planificar la limpieza de datos', 'Comprobaciones antes de fiarse de un conjunto de datos.',
   'Tengo un conjunto de datos con estas columnas: [columns]. Enumera las comprobaciones que debería hacer antes de fiarme de él: valores que faltan, duplicados, valores imposibles, categorías incoherentes y problemas de zona horaria. Para cada comprobación, da una forma concreta de hacerla en [tool].'),
  ('metric-definition', 'es', 'Definir una métrica con precisión', 'Numerador, denominador y casos límite.',
   'Ayúdame a definir con precisión la métrica [metric name] para [product]. Especifica el numerador, el denominador, la ventana temporal, qué se excluye y cómo tratar los casos límite. Después describe una forma en que la métrica podría subir mientras las cosas empeoran.'),
  ('ab-test-readout', 'es', 'Interpretar el resultado de un test A/B', 'Qué respaldan los números y qué no.',
   'Estos son los resultados de un test A/B: [results]. Explica qué respaldan, si la muestra es suficientemente grande, qué podría haber sesgado el resultado y qué decisión recomendarías, con tu nivel de confianza.'),
  ('spreadsheet-formula', 'es', 'Fórmula de hoja de cálculo', 'Una fórmula con una explicación en lenguaje sencillo.',
   'En una hoja de cálculo, la columna A contiene [data] y la columna B contiene [data]. Escribe una fórmula que [goal]. Explica paso a paso cómo funciona y cómo se comporta con celdas vacías.'),
  ('analysis-plan', 'es', 'Plan de análisis', 'Hipótesis, datos y métodos antes de tocar los datos.',
   'Quiero averiguar [question] a partir de [data source]. Antes de mirar los datos, escribe un plan de análisis: hipótesis, los datos exactos necesarios, el método para cada hipótesis y qué resultado contaría como apoyo o refutación.'),
  ('teach-me-step-by-step', 'es', 'Enséñame paso a paso', 'Una lección guiada que comprueba la comprensión.',
   'Enséñame [topic] como un tutor paciente. Empieza preguntándome qué sé ya. Luego explica una idea cada vez con un ejemplo concreto y, después de cada idea, hazme una pregunta para comprobar que lo he entendido antes de seguir.'),
  ('analogies', 'es', 'Tres analogías para un concepto', 'Distintos ángulos sobre una idea difícil.',
   'Explica [concept] con tres analogías distintas de la vida cotidiana. Después de cada analogía, di dónde deja de funcionar, para que no la lleve demasiado lejos.'),
  ('quiz-me', 'es', 'Ponme a prueba', 'Preguntas de dificultad creciente con comentarios.',
   'Ponme a prueba sobre [subject] con diez preguntas de dificultad creciente. Haz una pregunta cada vez, espera mi respuesta, dime si es correcta y por qué, y adapta la siguiente pregunta a cómo lo estoy haciendo.'),
  ('learning-plan', 'es', 'Plan de aprendizaje de treinta días', 'Práctica diaria hacia una habilidad concreta.',
   'Quiero ser capaz de [skill goal] en 30 días, con unos [minutes] minutos al día. Haz un plan con un hito semanal, un ejercicio diario y un pequeño proyecto al final de cada semana que demuestre el avance.'),
  ('common-misconceptions', 'es', 'Ideas erróneas frecuentes', 'Lo que los principiantes suelen entender mal y por qué.',
   'Enumera las ideas erróneas más frecuentes de los principiantes sobre [topic]. Para cada una, explica por qué parece cierta, qué ocurre en realidad y un ejemplo rápido que haga evidente la diferencia.'),
  ('flashcards', 'es', 'Crear tarjetas de estudio', 'Tarjetas de pregunta y respuesta a partir de apuntes.',
   'Convierte los apuntes de abajo en 15 tarjetas de estudio. Cada tarjeta lleva una pregunta precisa en el anverso y una respuesta breve en el reverso. Prefiere preguntas que pongan a prueba la comprensión antes que la simple memoria.

[paste notes]'),
  ('value-proposition', 'es', 'Afinar una propuesta de valor', 'De la lista de funciones a una promesa clara.',
   'Mi producto es [product] para [customer]. Sus funciones principales son [features]. Escribe cinco propuestas de valor de 15 palabras como máximo que nombren el resultado que obtiene el cliente, no la función. Después di cuál es la más concreta y por qué.'),
  ('landing-page-critique', 'es', 'Criticar una página de destino', 'Claridad, pruebas y fricciones, sección por sección.',
   'Este es el texto de una página de destino:

[paste copy]

Critícalo como un visitante que llega por primera vez y tiene diez segundos. ¿Qué está claro, qué es vago, dónde faltan pruebas y qué te impediría registrarte? Termina con los tres cambios que más importarían.'),
  ('customer-interview-guide', 'es', 'Guía para entrevistas con clientes', 'Preguntas abiertas sobre comportamientos pasados reales.',
   'Escribe una guía de entrevista de 30 minutos para saber cómo [type of customer] resuelve hoy [problem]. Usa preguntas abiertas sobre hechos concretos del pasado en lugar de opiniones o hipótesis, incluye preguntas de seguimiento y no menciones nuestro producto hasta los últimos cinco minutos.'),
  ('social-post-series', 'es', 'Una semana de publicaciones en redes', 'Cinco publicaciones con enfoques distintos sobre un tema.',
   'Escribe cinco publicaciones breves para [platform] sobre [theme] dirigidas a [audience]. Usa un enfoque distinto en cada una: un consejo, una historia, una cifra sorprendente, un error habitual y una pregunta al lector. Que ninguna pase de 280 caracteres.'),
  ('newsletter-issue', 'es', 'Redactar un número del boletín', 'Una idea, una historia, una llamada a la acción.',
   'Redacta un número del boletín para [audience] sobre [topic]. Estructura: un gancho de dos frases, una idea principal explicada con un ejemplo concreto, una lista breve de tres conclusiones y una única llamada a la acción. Que no pase de 400 palabras.'),
  ('competitor-comparison', 'es', 'Comparación honesta con la competencia', 'Dónde ganamos, dónde perdemos y para quién.',
   'Compara [our product] con [competitor] para un comprador al que le importa [criteria]. Sé honesto sobre dónde es mejor la competencia. Preséntalo en una tabla y después escribe dos frases sobre qué tipo de cliente debería elegir cada uno.'),
  ('weekly-plan', 'es', 'Planificar mi semana', 'Prioridades, bloques de tiempo y qué dejar.',
   'Esto es todo lo que tengo entre manos esta semana: [list]. Dispongo de unas [hours] horas de tiempo concentrado. Elige los tres resultados que más importan, propón bloques de tiempo para ellos y dime qué aplazar, delegar o descartar, con un motivo para cada cosa.'),
  ('meeting-to-actions', 'es', 'De notas de reunión a acciones', 'Decisiones, responsables y plazos a partir de notas desordenadas.',
   'Convierte estas notas de reunión en: decisiones tomadas, acciones con un responsable y una fecha límite, y preguntas abiertas. Si falta un responsable o una fecha, señálalo en lugar de suponerlo.

[paste notes]'),
  ('break-down-a-project', 'es', 'Desglosar un proyecto', 'Hitos y el primerísimo paso.',
   'Necesito [project goal] antes del [date]. Divídelo en hitos y luego desglosa el primer hito en tareas de menos de dos horas cada una. Señala el supuesto más arriesgado y una forma barata de probarlo pronto.'),
  ('decision-matrix', 'es', 'Matriz de decisión', 'Comparar opciones con criterios ponderados.',
   'Estoy eligiendo entre [options]. Ayúdame a escoger los criterios que importan para esta decisión, ponderarlos, puntuar cada opción y mostrar el resultado en una tabla. Después dime qué resultado cambiaría si se modificara un peso.'),
  ('inbox-triage', 'es', 'Clasificar mis mensajes', 'Responder, delegar, programar o archivar.',
   'Estos son los asuntos y las primeras frases de los mensajes que me esperan:

[paste list]

Clasifica cada uno en responder ya, delegar, programar o archivar, y redacta respuestas de una línea para los que necesitan contestación hoy.'),
  ('daily-review', 'es', 'Repaso al final del día', 'Una reflexión breve que prepara el día siguiente.',
   'Hazme cinco preguntas breves, una cada vez, para repasar mi día: qué se hizo, qué se atascó, qué aprendí, qué me quitó energía y la primera tarea de mañana. Después de mis respuestas, resúmelas en cuatro líneas.'),
  ('literature-map', 'es', 'Mapear un campo de investigación', 'Preguntas principales, corrientes y problemas abiertos.',
   'Dame un mapa de la investigación sobre [topic]: las preguntas principales que se plantean, las escuelas de pensamiento enfrentadas, los métodos clave y los problemas abiertos. Marca con claridad qué partes tienes claras y cuáles debería verificar en fuentes primarias.'),
  ('steelman-both-sides', 'es', 'Reforzar ambas posturas', 'El argumento más sólido a favor y en contra de una afirmación.',
   'Toma la afirmación: [claim]. Escribe el argumento más sólido posible a favor y el más sólido posible en contra, cada uno como lo defendería un experto convencido. Después enumera las pruebas que más te harían cambiar de opinión en uno u otro sentido.'),
  ('evaluate-a-study', 'es', 'Evaluar un estudio', 'Diseño, muestra, factores de confusión y lo que muestra de verdad.',
   'Evalúa el estudio descrito abajo. Cubre el diseño, el tamaño de la muestra y cómo se eligió, los posibles factores de confusión, si la conclusión se deriva de los datos y qué debería comprobar un buen estudio de seguimiento.

[paste abstract or summary]'),
  ('question-breakdown', 'es', 'Desglosar una gran pregunta', 'Subpreguntas que de verdad se pueden responder.',
   'Mi gran pregunta es: [question]. Divídela en cinco a ocho preguntas más pequeñas que se puedan responder cada una con una fuente, un conjunto de datos o un experimento concreto. Ordénalas de modo que las primeras respuestas faciliten las siguientes.'),
  ('source-triangulation', 'es', 'Triangular un dato', 'Cómo confirmar una afirmación con fuentes independientes.',
   'He leído que [claim]. Dime qué tipos de fuentes independientes podrían confirmarlo o desmentirlo, qué tendría que mostrar cada una y de qué maneras habituales se distorsiona este tipo de afirmación al difundirse.'),
  ('interview-synthesis', 'es', 'Sintetizar notas de entrevistas', 'Temas, citas y sorpresas a partir de notas en bruto.',
   'Estas son las notas de varias entrevistas:

[paste notes]

Agrupa los hallazgos por temas. Para cada tema, indica cuántas entrevistas lo mencionan, una cita representativa y qué sugiere que hagamos. Termina con lo que resulte sorprendente o contradictorio.'),
  ('tighten-a-draft', 'es', 'Pulir un borrador', 'Quitar relleno y conservar el sentido.',
   'Edita el texto de abajo para que sea al menos un 30 % más corto sin perder ningún dato ni argumento. Elimina las evasivas, las ideas repetidas y las frases vacías. Devuelve el texto editado y después una breve lista de los recortes más importantes.

[paste text]'),
  ('explain-like-a-colleague', 'es', 'Reescribir para un colega listo', 'Convertir la jerga en un lenguaje claro y preciso.',
   'Reescribe el pasaje de abajo para un colega listo de otro departamento. Mantén exacta cada afirmación técnica, sustituye la jerga por palabras sencillas o defínela una vez, y que las frases no pasen de 25 palabras.

[paste passage]'),
  ('outline-before-writing', 'es', 'Esquema antes de escribir', 'Un esquema estructurado con una tesis y huecos para las pruebas.',
   'Quiero escribir un texto sobre [topic] para [audience]. Propón una tesis en una frase y después un esquema de 4 a 6 secciones. Para cada sección, da la idea principal, las pruebas que necesitaría y una pregunta que haría un lector escéptico.'),
  ('headline-variations', 'es', 'Diez variantes de titular', 'Titulares en distintos tonos para un artículo.',
   'Escribe diez titulares para un artículo sobre [subject]. Haz dos de cada tipo: intrigante, directo, con cifras, a contracorriente y centrado en el beneficio. Que ninguno pase de 70 caracteres y marca el que probarías primero, con un motivo.'),
  ('difficult-email', 'es', 'Escribir un correo difícil', 'Firme, amable y claro sobre el siguiente paso.',
   'Ayúdame a escribir un correo a [recipient] sobre [situation]. El tono debe ser firme pero amable. Expón los hechos sin culpar a nadie, di con claridad qué necesito y para cuándo, y termina con un siguiente paso concreto. Dame una versión corta y otra más larga.'),
  ('summarise-for-busy-reader', 'es', 'Resumen para un lector con prisa', 'Tres niveles de resumen de un mismo documento.',
   'Resume el documento de abajo en tres niveles: una frase, tres viñetas y un párrafo de unas 120 palabras. Mantén exactos los números y los nombres, y señala cualquier cosa que parezca dudosa en la fuente.

[paste document]'),
  ('style-match', 'es', 'Imitar mi estilo de escritura', 'Continuar un texto con la propia voz del autor.',
   'Estudia la muestra de mi escritura de abajo: longitud de las frases, vocabulario, ritmo y cómo empiezo los párrafos. Después escribe [what to write] con la misma voz. Tras el texto, enumera tres rasgos de mi estilo que hayas imitado a propósito.

[paste sample]')
) as v (prompt_id, language, title, description, body)
join public.prompts p on p.id = v.prompt_id
on conflict (prompt_id, language) do nothing;
