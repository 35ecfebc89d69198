-- The prompt library in German: every category's label and every prompt's title, description and
-- body. Its square-bracket placeholders, still in English here, are translated by 20261203400001. Only prompts that exist are
-- translated, and a translation already present is left alone, so the file also applies to a project
-- whose library was changed.

insert into public.prompt_category_translations (category, language, label)
select v.category, v.language, v.label from (values
  ('Business', 'de', 'Business'),
  ('Career', 'de', 'Karriere'),
  ('Coding', 'de', 'Programmieren'),
  ('Creative', 'de', 'Kreativ'),
  ('Data', 'de', 'Daten'),
  ('Learning', 'de', 'Lernen'),
  ('Marketing', 'de', 'Marketing'),
  ('Productivity', 'de', 'Produktivität'),
  ('Research', 'de', 'Recherche'),
  ('Writing', 'de', 'Schreiben')
) as v (category, language, label)
on conflict (category, language) do nothing;

insert into public.prompt_translations (prompt_id, language, title, description, body)
select v.prompt_id, v.language, v.title, v.description, v.body from (values
  ('one-page-strategy', 'de', 'Strategie auf einer Seite', 'Diagnose, Leitlinie und stimmige Maßnahmen.',
   'Hilf mir, eine Strategie auf einer Seite für [team or company] zu schreiben. Beginne mit einer Diagnose der größten Herausforderung, dann eine Leitlinie, wie wir ihr begegnen, dann vier bis sechs stimmige Maßnahmen. Weise auf jede Maßnahme hin, die sich nicht aus der Diagnose ergibt.'),
  ('pricing-options', 'de', 'Preismodelle ausloten', 'Modelle, Anker und was jedes signalisiert.',
   'Wir verkaufen [product] an [customers] und verlangen derzeit [current price]. Schlage drei alternative Preismodelle vor: was jedes den Kundinnen und Kunden signalisiert, wer damit unzufrieden wäre, und ein einfaches Experiment, um das vielversprechendste zu testen.'),
  ('risk-premortem', 'de', 'Eine Pre-mortem-Analyse durchführen', 'Stell dir vor, das Projekt ist gescheitert, und erkläre, warum.',
   'Stell dir vor, es ist ein Jahr später und [project] ist eindeutig gescheitert. Schreibe die plausibelste Geschichte, warum. Liste dann die Warnsignale auf, auf die wir schon jetzt achten können, und je eine Maßnahme, die jedes Risiko verringern würde.'),
  ('okr-draft', 'de', 'Ziele und Schlüsselergebnisse entwerfen', 'Messbare Ergebnisse statt Aufgabenlisten.',
   'Entwirf Ziele und Schlüsselergebnisse (OKRs) für [team] für das nächste Quartal, ausgehend von diesem Kontext: [context]. Jedes Schlüsselergebnis muss ein messbares Ergebnis sein, keine Aufgabe. Markiere jedes Schlüsselergebnis, das erreicht werden könnte, obwohl das Ziel trotzdem verfehlt wird.'),
  ('stakeholder-update', 'de', 'Update für Stakeholder', 'Stand, Risiken und Bitten in einer kurzen Notiz.',
   'Schreibe ein kurzes Update für [stakeholders] zu [project]. Gliedere es in drei Teile: wo wir im Vergleich zum Plan stehen, die größten Risiken und was wir dagegen tun, und was wir von ihnen brauchen. Bleib unter 200 Wörtern und beginne mit dem wichtigsten Punkt.'),
  ('unit-economics', 'de', 'Die Unit Economics prüfen', 'Umsatz und Kosten pro Kunde, mit Annahmen.',
   'Hilf mir, die Unit Economics von [business] auf Plausibilität zu prüfen. Frag mich nach den Zahlen, die du brauchst, und berechne dann Umsatz pro Kunde, Betreuungskosten, Akquisitionskosten und Amortisationszeit. Nenne jede Annahme und zeige, auf welche das Ergebnis am empfindlichsten reagiert.'),
  ('job-to-be-done', 'de', 'Den Job-to-be-done finden', 'Wofür Kunden das Produkt wirklich „einstellen“.',
   'Beschreibe den Job, für den Kundinnen und Kunden [product] „einstellen“, in der Form: Wenn ich in dieser Situation bin, will ich diesen Fortschritt, damit dieses Ergebnis eintritt. Nenne drei mögliche Jobs, die konkurrierenden Alternativen für jeden und welche Belege sie voneinander unterscheiden würden.'),
  ('tailor-a-resume', 'de', 'Den Lebenslauf auf eine Stelle zuschneiden', 'Echte Erfahrung passend zur Ausschreibung darstellen.',
   'Hier ist eine Stellenausschreibung:

[paste posting]

und mein Lebenslauf:

[paste resume]

Schlage Änderungen vor, die meine tatsächliche Erfahrung mit den Anforderungen der Ausschreibung verbinden. Formuliere bis zu fünf Stichpunkte so um, dass sie Ergebnisse mit Zahlen zeigen, und liste Lücken auf, die ich im Anschreiben ansprechen sollte. Erfinde keine Erfahrung.'),
  ('mock-interview', 'de', 'Probe-Vorstellungsgespräch', 'Realistische Fragen mit Feedback zu jeder Antwort.',
   'Führe ein Probe-Vorstellungsgespräch für eine Stelle als [role] bei [type of company]. Stell jeweils nur eine Frage und mische verhaltensbezogene und rollenspezifische Fragen. Gib mir nach jeder Antwort kurzes Feedback zu Aufbau, Konkretheit und dazu, was ich ergänzen sollte.'),
  ('negotiate-an-offer', 'de', 'Eine Gehaltsverhandlung vorbereiten', 'Argumente, Zahlen und die passenden Worte.',
   'Ich habe ein Angebot über [offer] für [role] in [location] erhalten. Hilf mir, die Verhandlung vorzubereiten: die Argumente, die ich vorbringen kann, eine Zielsumme und eine Schmerzgrenze sowie ein kurzes Skript für das Gespräch, einschließlich Antworten auf wahrscheinliche Einwände.'),
  ('career-options', 'de', 'Berufliche Möglichkeiten erkunden', 'Wege, die auf dem aufbauen, was ich schon habe.',
   'Mein Hintergrund: [background]. Was mir Freude macht: [interests]. Was ich vermeiden möchte: [constraints]. Schlage fünf berufliche Wege vor, die darauf aufbauen, die Kompetenzlücke für jeden und ein kleines Experiment, mit dem ich jeden Weg innerhalb eines Monats ausprobieren kann.'),
  ('feedback-conversation', 'de', 'Ein Feedbackgespräch vorbereiten', 'Konkretes, wohlwollendes und umsetzbares Feedback.',
   'Ich muss [person] Feedback zu [behaviour] geben. Hilf mir bei der Vorbereitung: Beschreibe die Situation, das Verhalten und seine Wirkung, eine Frage, die zur eigenen Sicht einlädt, und eine konkrete Bitte. Schlage außerdem vor, wie ich reagieren kann, wenn die Person in die Defensive geht.'),
  ('linkedin-summary', 'de', 'Zusammenfassung für das Berufsprofil', 'Eine kurze Zusammenfassung, die nach einem Menschen klingt.',
   'Schreibe aus diesen Notizen eine berufliche Profilzusammenfassung von etwa 100 Wörtern: [notes]. Sie soll nach einem Menschen klingen, nicht nach einer Liste von Schlagwörtern. Beginne mit dem Problem, das ich löse, und nenne einen konkreten Erfolg.'),
  ('first-90-days', 'de', 'Die ersten 90 Tage planen', 'Lernen, Vertrauen gewinnen, dann liefern.',
   'Ich fange als [role] bei [company] an. Entwirf einen 90-Tage-Plan in drei Phasen: Lernen, erste Erfolge und Umsetzung eines größeren Ziels. Liste für jede Phase die Menschen auf, die ich treffen sollte, die Fragen, die ich stellen sollte, und ein Zeichen dafür, dass die Phase gut gelaufen ist.'),
  ('review-a-diff', 'de', 'Eine Codeänderung prüfen', 'Ein Review auf Fehler, Risiken und Verständlichkeit.',
   'Prüfe die folgende Codeänderung wie eine sorgfältige Senior-Entwicklerin. Nenne zuerst echte Fehler, dann riskante Grenzfälle, dann Probleme der Lesbarkeit. Zitiere zu jedem Punkt die Zeile, erkläre das Problem in ein oder zwei Sätzen und schlage eine Korrektur vor. Lass Lob und Stil-Kleinigkeiten weg, die ein Formatierer finden würde.

[paste diff]'),
  ('explain-this-code', 'de', 'Unbekannten Code erklären', 'Was ein Stück Code tut und warum, Schritt für Schritt.',
   'Erkläre den folgenden Code einem Entwickler, der [language] kennt, aber nicht diese Codebasis. Beginne mit seinem Zweck in zwei Sätzen, geh dann den Kontrollfluss durch und weise dann auf alles hin, was überraschend oder fragil ist.

[paste code]'),
  ('write-tests-first', 'de', 'Zuerst die Tests entwerfen', 'Testfälle, die das Verhalten festlegen, bevor programmiert wird.',
   'Ich will gleich [feature] umsetzen. Liste vor jeder Zeile Code die Testfälle auf, die belegen würden, dass es funktioniert: die Normalfälle, die Grenzen, ungültige Eingaben und den Ausfall von Abhängigkeiten. Benenne jeden Test nach der Regel, die er prüft, und schreibe die Tests dann in [test framework].'),
  ('debug-an-error', 'de', 'Eine Fehlermeldung debuggen', 'Wahrscheinliche Ursachen nach Rang, mit einer Prüfung für jede.',
   'Ich bekomme diesen Fehler:

[paste error and stack trace]

Kontext: [what I was doing]. Ordne die drei wahrscheinlichsten Ursachen nach Wahrscheinlichkeit. Gib für jede eine schnelle Prüfung an, die sie bestätigt oder ausschließt, und die Lösung, falls sie sich bestätigt. Frag mich nach allem, was dir noch fehlt.'),
  ('refactor-safely', 'de', 'Ein sicheres Refactoring planen', 'Kleine, umkehrbare Schritte, bei denen die Tests grün bleiben.',
   'Plane ein Refactoring des folgenden Codes in Richtung [goal]. Zerlege es in kleine Schritte, nach denen der Code jeweils kompiliert und die Tests bestehen. Sag für jeden Schritt, was sich ändert, was kaputtgehen könnte und wie man es überprüft.

[paste code]'),
  ('sql-from-question', 'de', 'SQL aus einer einfachen Frage', 'Eine geschäftliche Frage in eine Abfrage übersetzen.',
   'Gegeben sind diese Tabellen:

[paste schema]

Schreibe eine SQL-Abfrage, die folgende Frage beantwortet: [question]. Erkläre jeden Join und jeden Filter in einer Zeile, sag, wie NULL-Werte und Duplikate behandelt werden, und schlage einen Index vor, falls die Abfrage auf einer großen Tabelle langsam wäre.'),
  ('regex-with-tests', 'de', 'Regulärer Ausdruck mit Beispielen', 'Ein Muster plus Zeichenketten, die passen müssen und nicht passen dürfen.',
   'Schreibe einen regulären Ausdruck für [language or tool], der [description] erkennt. Gib dann sechs Zeichenketten an, die passen müssen, und sechs, die nicht passen dürfen, einschließlich kniffliger Beinahe-Treffer, und erkläre jeden Teil des Musters.'),
  ('story-opening', 'de', 'Drei Anfänge für eine Geschichte', 'Verschiedene Erzählstimmen für dieselbe Prämisse.',
   'Schreibe drei verschiedene erste Absätze für eine Geschichte mit dieser Prämisse: [premise]. Wähle für jeden eine andere Erzählperspektive und einen anderen Ton. Notiere nach jedem, welches Versprechen er dem Leser gibt.'),
  ('worldbuilding-questions', 'de', 'Fragen zum Weltenbau', 'Fragen, die eine erfundene Welt stimmig machen.',
   'Ich erschaffe eine fiktive Welt, in der [core idea]. Stell mir zwanzig Fragen zu Wirtschaft, Glauben, Alltag, Konflikten und Geschichte dieser Welt, die sie stimmig und überraschend machen würden. Ordne sie nach Themen.'),
  ('brainstorm-wild', 'de', 'Brainstorming ohne Grenzen', 'Erst viele Ideen, das Urteil später.',
   'Sammle 25 Ideen für [challenge]. Nimm naheliegende auf, absurde und solche, die eine Annahme brechen, die alle treffen. Bewerte sie noch nicht. Wähle dann die drei interessantesten aus und erkläre, was jede davon erkundenswert macht.'),
  ('poem-in-form', 'de', 'Ein Gedicht in fester Form', 'Die Einschränkung als kreatives Werkzeug.',
   'Schreibe ein Gedicht über [subject] als [form, for example sonnet, haiku sequence or villanelle]. Halte die Form streng ein. Erkläre danach eine Wort- oder Bildwahl, zu der dich die Form gezwungen hat.'),
  ('character-sketch', 'de', 'Figurenskizze', 'Wünsche, Ängste und ein Widerspruch.',
   'Erschaffe eine Figur für eine Geschichte, die in [setting] spielt. Beschreibe, was sie will, was sie fürchtet, eine Gewohnheit, die viel über sie verrät, und einen Widerspruch in ihrer Persönlichkeit. Schreibe dann eine kurze Szene, die all das zeigt, ohne es auszusprechen.'),
  ('name-ideas', 'de', 'Namensideen', 'Namen für ein Produkt, ein Projekt oder ein Haustier, mit Begründung.',
   'Schlage 20 Namen für [thing] vor, die [qualities] wirken sollen. Mische erfundene Wörter, echte Wörter und Kombinationen. Erkläre für die fünf besten die Assoziationen und mögliche Risiken, etwa eine Bedeutung in einer anderen Sprache.'),
  ('explain-a-chart', 'de', 'Erklären, was ein Diagramm zeigt', 'Hauptaussage, Vorbehalte und nächste Fragen.',
   'Hier sind die Daten hinter einem Diagramm:

[paste data or description]

Nenne mir die Hauptaussage in einem Satz, die zwei wichtigsten Details, alles, was einen Leser in die Irre führen könnte (Skala, fehlende Daten, kleine Stichproben), und die nächste Frage, die ich stellen sollte.'),
  ('clean-a-dataset', 'de', 'Eine Datenbereinigung planen', 'Prüfungen, bevor man einem Datensatz vertraut.',
   'Ich habe einen Datensatz mit diesen Spalten: [columns]. Liste die Prüfungen auf, die ich durchführen sollte, bevor ich ihm vertraue: fehlende Werte, Duplikate, unmögliche Werte, uneinheitliche Kategorien und Zeitzonenprobleme. Gib für jede Prüfung einen konkreten Weg an, sie in [tool] durchzuführen.'),
  ('metric-definition', 'de', 'Eine Kennzahl genau definieren', 'Zähler, Nenner und Grenzfälle.',
   'Hilf mir, die Kennzahl [metric name] für [product] genau zu definieren. Lege den Zähler, den Nenner, das Zeitfenster und die Ausschlüsse fest und wie mit Grenzfällen umzugehen ist. Beschreibe dann einen Weg, wie die Kennzahl steigen könnte, während sich die Lage verschlechtert.'),
  ('ab-test-readout', 'de', 'Ein A/B-Testergebnis lesen', 'Was die Zahlen stützen und was nicht.',
   'Hier sind die Ergebnisse eines A/B-Tests: [results]. Erkläre, was sie stützen, ob die Stichprobe groß genug ist, was das Ergebnis verzerrt haben könnte und welche Entscheidung du empfehlen würdest, mit deinem Grad an Sicherheit.'),
  ('spreadsheet-formula', 'de', 'Tabellenformel', 'Eine Formel mit einer Erklärung in einfacher Sprache.',
   'In einer Tabelle enthält Spalte A [data] und Spalte B [data]. Schreibe eine Formel, die [goal]. Erkläre Stück für Stück, wie sie funktioniert und wie sie sich bei leeren Zellen verhält.'),
  ('analysis-plan', 'de', 'Analyseplan', 'Hypothesen, Daten und Methoden, bevor man die Daten anfasst.',
   'Ich möchte aus [data source] herausfinden: [question]. Schreibe einen Analyseplan, bevor ich mir die Daten ansehe: Hypothesen, die genau benötigten Daten, die Methode für jede Hypothese und welches Ergebnis als Bestätigung oder Widerlegung gelten würde.'),
  ('teach-me-step-by-step', 'de', 'Bring es mir Schritt für Schritt bei', 'Eine angeleitete Lektion, die das Verständnis prüft.',
   'Bring mir [topic] bei wie ein geduldiger Tutor. Frag mich zuerst, was ich schon weiß. Erkläre dann eine Idee nach der anderen mit einem konkreten Beispiel und stell mir nach jeder Idee eine Frage, um zu prüfen, ob ich sie verstanden habe, bevor du weitermachst.'),
  ('analogies', 'de', 'Drei Analogien für einen Begriff', 'Verschiedene Blickwinkel auf eine schwierige Idee.',
   'Erkläre [concept] mit drei verschiedenen Analogien aus dem Alltag. Sag nach jeder Analogie, wo sie nicht mehr passt, damit ich sie nicht zu weit treibe.'),
  ('quiz-me', 'de', 'Frag mich ab', 'Fragen mit steigender Schwierigkeit und Feedback.',
   'Frag mich mit zehn Fragen steigender Schwierigkeit zu [subject] ab. Stell jeweils nur eine Frage, warte auf meine Antwort, sag mir, ob sie richtig ist und warum, und pass die nächste Frage daran an, wie ich mich schlage.'),
  ('learning-plan', 'de', 'Lernplan für dreißig Tage', 'Tägliches Üben auf eine konkrete Fähigkeit hin.',
   'Ich möchte in 30 Tagen mit etwa [minutes] Minuten pro Tag [skill goal] können. Erstelle einen Plan mit einem Meilenstein pro Woche, einer täglichen Übung und einem kleinen Projekt am Ende jeder Woche, das den Fortschritt belegt.'),
  ('common-misconceptions', 'de', 'Verbreitete Irrtümer', 'Was Anfänger meist falsch verstehen und warum.',
   'Liste die verbreitetsten Irrtümer auf, die Anfänger über [topic] haben. Erkläre für jeden, warum er plausibel wirkt, was tatsächlich stimmt, und gib ein kurzes Beispiel, das den Unterschied offensichtlich macht.'),
  ('flashcards', 'de', 'Karteikarten erstellen', 'Frage- und Antwortkarten aus Lernnotizen.',
   'Mach aus den folgenden Notizen 15 Karteikarten. Jede Karte hat vorne eine präzise Frage und hinten eine kurze Antwort. Bevorzuge Fragen, die Verständnis prüfen, statt reines Auswendiglernen.

[paste notes]'),
  ('value-proposition', 'de', 'Ein Nutzenversprechen schärfen', 'Von der Funktionsliste zu einem klaren Versprechen.',
   'Mein Produkt ist [product] für [customer]. Seine wichtigsten Funktionen sind [features]. Schreibe fünf Nutzenversprechen mit höchstens 15 Wörtern, die das Ergebnis für den Kunden nennen, nicht die Funktion. Sag dann, welches am konkretesten ist und warum.'),
  ('landing-page-critique', 'de', 'Eine Landingpage kritisieren', 'Klarheit, Belege und Hürden, Abschnitt für Abschnitt.',
   'Hier ist der Text einer Landingpage:

[paste copy]

Kritisiere ihn aus Sicht einer Erstbesucherin, die zehn Sekunden Zeit hat. Was ist klar, was vage, wo fehlen Belege und was würde dich davon abhalten, dich anzumelden? Schließe mit den drei Änderungen, die am meisten bewirken würden.'),
  ('customer-interview-guide', 'de', 'Leitfaden für Kundeninterviews', 'Offene Fragen zu echtem vergangenem Verhalten.',
   'Schreibe einen Leitfaden für ein 30-minütiges Interview, um zu erfahren, wie [type of customer] derzeit mit [problem] umgeht. Verwende offene Fragen zu konkreten vergangenen Ereignissen statt zu Meinungen oder hypothetischen Situationen, ergänze Nachfragen und erwähne unser Produkt erst in den letzten fünf Minuten.'),
  ('social-post-series', 'de', 'Eine Woche Social-Media-Posts', 'Fünf Beiträge mit verschiedenen Blickwinkeln auf ein Thema.',
   'Schreibe fünf kurze Social-Media-Beiträge für [platform] zum Thema [theme] für [audience]. Wähle für jeden einen anderen Blickwinkel: einen Tipp, eine Geschichte, eine überraschende Zahl, einen häufigen Fehler und eine Frage an die Leser. Halte jeden unter 280 Zeichen.'),
  ('newsletter-issue', 'de', 'Eine Newsletter-Ausgabe entwerfen', 'Eine Idee, eine Geschichte, ein Handlungsaufruf.',
   'Entwirf eine Newsletter-Ausgabe für [audience] zum Thema [topic]. Aufbau: ein Einstieg aus zwei Sätzen, eine Hauptidee, erklärt an einem konkreten Beispiel, eine kurze Liste mit drei Erkenntnissen und ein einziger Handlungsaufruf. Bleib unter 400 Wörtern.'),
  ('competitor-comparison', 'de', 'Ehrlicher Wettbewerbsvergleich', 'Wo wir gewinnen, wo wir verlieren, für wen.',
   'Vergleiche [our product] mit [competitor] für einen Käufer, dem [criteria] wichtig sind. Sei ehrlich, wo der Wettbewerber besser ist. Stelle es als Tabelle dar und schreibe dann zwei Sätze dazu, welche Art von Kunde sich für welches Produkt entscheiden sollte.'),
  ('weekly-plan', 'de', 'Meine Woche planen', 'Prioritäten, Zeitblöcke und was wegfallen kann.',
   'Das alles liegt diese Woche auf meinem Tisch: [list]. Ich habe etwa [hours] Stunden konzentrierte Zeit. Wähle die drei Ergebnisse, auf die es am meisten ankommt, schlage Zeitblöcke dafür vor und sag mir, was ich verschieben, abgeben oder streichen soll, jeweils mit Begründung.'),
  ('meeting-to-actions', 'de', 'Aus Besprechungsnotizen Aufgaben machen', 'Entscheidungen, Verantwortliche und Fristen aus unordentlichen Notizen.',
   'Mach aus diesen Besprechungsnotizen: getroffene Entscheidungen, Aufgaben mit einer verantwortlichen Person und einem Fälligkeitsdatum sowie offene Fragen. Wenn eine verantwortliche Person oder ein Datum fehlt, markiere es, statt zu raten.

[paste notes]'),
  ('break-down-a-project', 'de', 'Ein Projekt aufteilen', 'Meilensteine und der allererste Schritt.',
   'Ich muss bis [date] [project goal]. Teile das in Meilensteine auf und zerlege dann den ersten Meilenstein in Aufgaben von jeweils weniger als zwei Stunden. Zeig die riskanteste Annahme auf und einen günstigen Weg, sie früh zu testen.'),
  ('decision-matrix', 'de', 'Entscheidungsmatrix', 'Optionen anhand gewichteter Kriterien vergleichen.',
   'Ich wähle zwischen [options]. Hilf mir, Kriterien zu finden, die für diese Entscheidung zählen, sie zu gewichten, jede Option zu bewerten und das Ergebnis als Tabelle darzustellen. Sag mir dann, welches Ergebnis kippen würde, wenn sich ein Gewicht ändert.'),
  ('inbox-triage', 'de', 'Meine Nachrichten sortieren', 'Nachrichten nach Antworten, Abgeben, Einplanen oder Archivieren ordnen.',
   'Hier sind Betreffzeilen und erste Sätze von Nachrichten, die auf mich warten:

[paste list]

Ordne jede einer Kategorie zu: sofort antworten, abgeben, einplanen oder archivieren, und entwirf einzeilige Antworten für die, die heute eine Antwort brauchen.'),
  ('daily-review', 'de', 'Rückblick am Tagesende', 'Eine kurze Reflexion, die den nächsten Tag vorbereitet.',
   'Stell mir nacheinander fünf kurze Fragen, um meinen Tag zu reflektieren: was erledigt wurde, was festhing, was ich gelernt habe, was Energie gekostet hat und die erste Aufgabe für morgen. Fasse meine Antworten danach in vier Zeilen zusammen.'),
  ('literature-map', 'de', 'Ein Forschungsfeld kartieren', 'Hauptfragen, Lager und offene Probleme.',
   'Gib mir eine Landkarte der Forschung zu [topic]: die Hauptfragen, die gestellt werden, die konkurrierenden Denkschulen, die wichtigsten Methoden und die offenen Probleme. Kennzeichne deutlich, bei welchen Teilen du dir sicher bist und welche ich in Primärquellen überprüfen sollte.'),
  ('steelman-both-sides', 'de', 'Beide Seiten stark machen', 'Das stärkste Argument für und gegen eine Behauptung.',
   'Nimm die Behauptung: [claim]. Schreibe das stärkstmögliche Argument dafür und das stärkstmögliche dagegen, jeweils so, wie eine sachkundige Fürsprecherin es vertreten würde. Liste dann die Belege auf, die deine Meinung in die eine oder andere Richtung am stärksten ändern würden.'),
  ('evaluate-a-study', 'de', 'Eine Studie bewerten', 'Design, Stichprobe, Störfaktoren und was sie wirklich zeigt.',
   'Bewerte die unten beschriebene Studie. Geh auf das Design ein, auf die Stichprobengröße und wie sie ausgewählt wurde, auf mögliche Störfaktoren, darauf, ob die Schlussfolgerung aus den Daten folgt, und darauf, was eine gute Folgestudie testen würde.

[paste abstract or summary]'),
  ('question-breakdown', 'de', 'Eine große Frage zerlegen', 'Teilfragen, die sich tatsächlich beantworten lassen.',
   'Meine große Frage lautet: [question]. Zerlege sie in fünf bis acht kleinere Fragen, die sich jeweils mit einer bestimmten Quelle, einem Datensatz oder einem Experiment beantworten lassen. Ordne sie so, dass frühe Antworten spätere erleichtern.'),
  ('source-triangulation', 'de', 'Eine Tatsache triangulieren', 'Wie man eine Behauptung mit unabhängigen Quellen bestätigt.',
   'Ich habe gelesen, dass [claim]. Sag mir, welche Arten unabhängiger Quellen das bestätigen oder widerlegen könnten, was jede davon zeigen müsste und auf welche typischen Weisen solche Behauptungen beim Weitererzählen verzerrt werden.'),
  ('interview-synthesis', 'de', 'Interviewnotizen zusammenführen', 'Themen, Zitate und Überraschungen aus Rohnotizen.',
   'Hier sind Notizen aus mehreren Interviews:

[paste notes]

Ordne die Erkenntnisse nach Themen. Gib für jedes Thema an, in wie vielen Interviews es vorkommt, ein repräsentatives Zitat und was es für unser Handeln nahelegt. Schließe mit allem, was überraschend oder widersprüchlich ist.'),
  ('tighten-a-draft', 'de', 'Einen Entwurf straffen', 'Füllwörter streichen, die Bedeutung behalten.',
   'Überarbeite den folgenden Text so, dass er mindestens 30 % kürzer wird, ohne eine Tatsache oder ein Argument zu verlieren. Streiche Absicherungen, Wiederholungen und leere Floskeln. Gib den überarbeiteten Text zurück und danach eine kurze Liste der größten Kürzungen.

[paste text]'),
  ('explain-like-a-colleague', 'de', 'Für eine kluge Kollegin umschreiben', 'Fachjargon in klare, präzise Sprache übersetzen.',
   'Schreibe den folgenden Abschnitt für eine kluge Kollegin aus einer anderen Abteilung um. Halte jede fachliche Aussage korrekt, ersetze Fachjargon durch einfache Wörter oder erkläre ihn einmal und bleib bei Sätzen unter 25 Wörtern.

[paste passage]'),
  ('outline-before-writing', 'de', 'Erst gliedern, dann schreiben', 'Eine strukturierte Gliederung mit These und Platz für Belege.',
   'Ich möchte einen Text über [topic] für [audience] schreiben. Schlage eine These in einem Satz vor, dann eine Gliederung mit 4 bis 6 Abschnitten. Nenne für jeden Abschnitt die Hauptaussage, die Belege, die ich bräuchte, und eine Frage, die ein skeptischer Leser stellen würde.'),
  ('headline-variations', 'de', 'Zehn Varianten für eine Überschrift', 'Überschriften in verschiedenen Tonlagen für einen Artikel.',
   'Schreibe zehn Überschriften für einen Artikel über [subject]. Je zwei von jeder Art: neugierig machend, direkt, mit Zahl, gegen den Strich und nutzenorientiert. Bleib bei jeder unter 70 Zeichen und markiere die, die du zuerst testen würdest, mit Begründung.'),
  ('difficult-email', 'de', 'Eine schwierige E-Mail schreiben', 'Bestimmt, freundlich und klar beim nächsten Schritt.',
   'Hilf mir, eine E-Mail an [recipient] zu [situation] zu schreiben. Der Ton soll bestimmt, aber freundlich sein. Nenne die Fakten ohne Schuldzuweisung, sag klar, was ich brauche und bis wann, und schließe mit einem konkreten nächsten Schritt. Gib mir eine kurze und eine längere Fassung.'),
  ('summarise-for-busy-reader', 'de', 'Zusammenfassung für eilige Leser', 'Drei Ebenen der Zusammenfassung eines Dokuments.',
   'Fasse das folgende Dokument auf drei Ebenen zusammen: ein Satz, drei Stichpunkte und ein Absatz von etwa 120 Wörtern. Übernimm Zahlen und Namen exakt und kennzeichne alles, was in der Quelle unsicher wirkt.

[paste document]'),
  ('style-match', 'de', 'Meinen Schreibstil treffen', 'Einen Text in der eigenen Stimme der Autorin fortsetzen.',
   'Untersuche die folgende Probe meines Schreibens: Satzlänge, Wortschatz, Rhythmus und wie ich Absätze beginne. Schreibe dann [what to write] in derselben Stimme. Liste nach dem Text drei Merkmale meines Stils auf, die du bewusst übernommen hast.

[paste sample]')
) as v (prompt_id, language, title, description, body)
join public.prompts p on p.id = v.prompt_id
on conflict (prompt_id, language) do nothing;
