-- The starter prompt library: original prompts written for Ensemble. Square brackets mark the parts
-- a user fills in before running a prompt.

insert into public.prompts (id, category, sort_order, title, description, body, tags) values
-- Writing
('tighten-a-draft', 'Writing', 1, 'Tighten a draft', 'Cut filler and keep the meaning.',
 'Edit the text below so it is at least 30% shorter without losing any fact or argument. Remove hedging, repeated ideas and empty phrases. Return the edited text, then a short list of the biggest cuts you made.

[paste text]', '{editing,concise}'),
('explain-like-a-colleague', 'Writing', 2, 'Rewrite for a smart colleague', 'Turn jargon into plain, precise language.',
 'Rewrite the passage below for a smart colleague from another department. Keep every technical claim accurate, replace jargon with plain words or define it once, and keep sentences under 25 words.

[paste passage]', '{plain-language,editing}'),
('outline-before-writing', 'Writing', 3, 'Outline before you write', 'A structured outline with a thesis and evidence slots.',
 'I want to write a piece about [topic] for [audience]. Propose a one-sentence thesis, then an outline of 4 to 6 sections. For each section give the main claim, the evidence I would need, and one question a sceptical reader would ask.', '{outline,structure}'),
('headline-variations', 'Writing', 4, 'Ten headline variations', 'Headlines in different tones for one article.',
 'Write ten headlines for an article about [subject]. Make two of each kind: curious, direct, numeric, contrarian and benefit-led. Keep each under 70 characters and mark the one you would test first, with a reason.', '{headlines,copy}'),
('difficult-email', 'Writing', 5, 'Write a difficult email', 'Firm, kind and clear about the next step.',
 'Help me write an email to [recipient] about [situation]. The tone should be firm but kind. State the facts without blame, say clearly what I need and by when, and end with one concrete next step. Give me a short version and a longer version.', '{email,communication}'),
('summarise-for-busy-reader', 'Writing', 6, 'Summary for a busy reader', 'Three levels of summary from one document.',
 'Summarise the document below at three levels: one sentence, three bullet points, and one paragraph of about 120 words. Keep numbers and names exact and flag anything that looks uncertain in the source.

[paste document]', '{summary}'),
('style-match', 'Writing', 7, 'Match my writing style', 'Continue a text in the author''s own voice.',
 'Study the sample of my writing below: sentence length, vocabulary, rhythm and how I open paragraphs. Then write [what to write] in the same voice. After the text, list three features of my style you copied on purpose.

[paste sample]', '{voice,style}'),
-- Coding
('review-a-diff', 'Coding', 1, 'Review a code change', 'A reviewer''s pass for bugs, risk and clarity.',
 'Review the code change below as a careful senior engineer. List real bugs first, then risky edge cases, then readability issues. For each point quote the line, explain the problem in one or two sentences and propose a fix. Skip praise and style nitpicks a formatter would catch.

[paste diff]', '{review,quality}'),
('explain-this-code', 'Coding', 2, 'Explain unfamiliar code', 'Walk through what a piece of code does and why.',
 'Explain the code below to a developer who knows [language] but not this codebase. Start with its purpose in two sentences, then walk through the control flow, then point out anything surprising or fragile.

[paste code]', '{explain,onboarding}'),
('write-tests-first', 'Coding', 3, 'Design the tests first', 'Test cases that pin down behaviour before coding.',
 'I am about to implement [feature]. Before any code, list the test cases that would prove it works: the happy paths, the boundaries, invalid input and failure of dependencies. Name each test after the rule it checks, then write the tests in [test framework].', '{testing,tdd}'),
('debug-an-error', 'Coding', 4, 'Debug an error message', 'Likely causes ranked, with a check for each.',
 'I get this error:

[paste error and stack trace]

Context: [what I was doing]. Rank the three most likely causes. For each, give a quick check that confirms or rules it out and the fix if it is confirmed. Ask me for anything you need that is missing.', '{debugging}'),
('refactor-safely', 'Coding', 5, 'Plan a safe refactor', 'Small, reversible steps that keep tests green.',
 'Plan a refactor of the code below toward [goal]. Break it into small steps that each leave the code compiling and the tests passing. For every step say what changes, what could break, and how to verify it.

[paste code]', '{refactoring}'),
('sql-from-question', 'Coding', 6, 'SQL from a plain question', 'Turn a business question into a query.',
 'Given these tables:

[paste schema]

write a SQL query that answers: [question]. Explain each join and filter in one line, mention how NULLs and duplicates are handled, and suggest an index if the query would be slow on a large table.', '{sql,database}'),
('regex-with-tests', 'Coding', 7, 'Regular expression with examples', 'A pattern plus strings it must and must not match.',
 'Write a regular expression for [language or tool] that matches [description]. Then give six strings it must match and six it must not, including tricky near misses, and explain each part of the pattern.', '{regex}'),
-- Marketing
('value-proposition', 'Marketing', 1, 'Sharpen a value proposition', 'From feature list to a clear promise.',
 'My product is [product] for [customer]. Its main features are [features]. Write five value propositions of at most 15 words that name the outcome the customer gets, not the feature. Then say which one is most specific and why.', '{positioning,copy}'),
('landing-page-critique', 'Marketing', 2, 'Critique a landing page', 'Clarity, proof and friction, section by section.',
 'Here is the copy of a landing page:

[paste copy]

Critique it as a first-time visitor who has ten seconds. What is clear, what is vague, where is proof missing and what would stop you from signing up? End with the three changes that would matter most.', '{conversion,review}'),
('customer-interview-guide', 'Marketing', 3, 'Customer interview guide', 'Open questions about real past behaviour.',
 'Write a 30-minute interview guide to learn how [type of customer] currently deals with [problem]. Use open questions about specific past events rather than opinions or hypotheticals, include follow-up prompts, and avoid mentioning our product until the last five minutes.', '{research,customers}'),
('social-post-series', 'Marketing', 4, 'A week of social posts', 'Five posts with different angles on one theme.',
 'Write five short social media posts for [platform] about [theme] for [audience]. Use a different angle for each: a tip, a story, a surprising number, a common mistake and a question to the reader. Keep each under 280 characters.', '{social,content}'),
('newsletter-issue', 'Marketing', 5, 'Draft a newsletter issue', 'One idea, one story, one call to action.',
 'Draft a newsletter issue for [audience] about [topic]. Structure: a hook of two sentences, one main idea explained with a concrete example, a short list of three takeaways and a single call to action. Keep it under 400 words.', '{email,newsletter}'),
('competitor-comparison', 'Marketing', 6, 'Honest competitor comparison', 'Where we win, where we lose, for whom.',
 'Compare [our product] with [competitor] for a buyer who cares about [criteria]. Be honest about where the competitor is better. Present it as a table, then write two sentences on which kind of customer should choose each.', '{competition,positioning}'),
-- Research
('literature-map', 'Research', 1, 'Map a research area', 'Main questions, camps and open problems.',
 'Give me a map of the research on [topic]: the main questions people ask, the competing schools of thought, the key methods, and the open problems. Mark clearly which parts you are confident about and which I should verify in primary sources.', '{overview,literature}'),
('steelman-both-sides', 'Research', 2, 'Steelman both sides', 'The strongest case for and against a claim.',
 'Take the claim: [claim]. Write the strongest possible argument for it and the strongest possible argument against it, each as a knowledgeable advocate would. Then list the evidence that would most change your mind in either direction.', '{argument,critical-thinking}'),
('evaluate-a-study', 'Research', 3, 'Evaluate a study', 'Design, sample, confounders and what it really shows.',
 'Evaluate the study described below. Cover the design, the sample size and how it was chosen, possible confounders, whether the conclusion follows from the data, and what a good follow-up study would test.

[paste abstract or summary]', '{methodology,science}'),
('question-breakdown', 'Research', 4, 'Break down a big question', 'Sub-questions you can actually answer.',
 'My big question is: [question]. Break it into five to eight smaller questions that can each be answered with a specific source, dataset or experiment. Order them so that early answers make later ones easier.', '{planning,analysis}'),
('source-triangulation', 'Research', 5, 'Triangulate a fact', 'How to confirm a claim from independent sources.',
 'I read that [claim]. Tell me what kinds of independent sources could confirm or contradict it, what each would need to show, and what common ways this kind of claim gets distorted as it spreads.', '{fact-checking}'),
('interview-synthesis', 'Research', 6, 'Synthesise interview notes', 'Themes, quotes and surprises from raw notes.',
 'Here are notes from several interviews:

[paste notes]

Group the findings into themes. For each theme give how many interviews mention it, one representative quote and what it suggests we do. Finish with anything surprising or contradictory.', '{synthesis,qualitative}'),
-- Productivity
('weekly-plan', 'Productivity', 1, 'Plan my week', 'Priorities, time blocks and what to drop.',
 'Here is everything on my plate this week: [list]. I have about [hours] hours of focused time. Pick the three outcomes that matter most, propose time blocks for them, and tell me what to postpone, delegate or drop, with a reason for each.', '{planning,prioritising}'),
('meeting-to-actions', 'Productivity', 2, 'Meeting notes to actions', 'Decisions, owners and deadlines from messy notes.',
 'Turn these meeting notes into: decisions made, action items with an owner and a due date, and open questions. If an owner or a date is missing, flag it instead of guessing.

[paste notes]', '{meetings}'),
('break-down-a-project', 'Productivity', 3, 'Break down a project', 'Milestones and the very first step.',
 'I need to [project goal] by [date]. Break it into milestones, then split the first milestone into tasks of under two hours each. Point out the riskiest assumption and a cheap way to test it early.', '{projects,planning}'),
('decision-matrix', 'Productivity', 4, 'Decision matrix', 'Compare options against weighted criteria.',
 'I am choosing between [options]. Help me pick criteria that matter for this decision, weight them, score each option and show the result as a table. Then tell me which result would flip if one weight changed.', '{decisions}'),
('inbox-triage', 'Productivity', 5, 'Triage my messages', 'Sort messages into reply, delegate, schedule or archive.',
 'Here are subject lines and first sentences of messages waiting for me:

[paste list]

Sort each into reply now, delegate, schedule or archive, and draft one-line replies for the ones that need an answer today.', '{email,triage}'),
('daily-review', 'Productivity', 6, 'End-of-day review', 'A short reflection that sets up tomorrow.',
 'Ask me five short questions, one at a time, to review my day: what got done, what got stuck, what I learned, what drained energy, and the first task for tomorrow. After my answers, summarise them in four lines.', '{reflection,habits}'),
-- Learning
('teach-me-step-by-step', 'Learning', 1, 'Teach me step by step', 'A guided lesson that checks understanding.',
 'Teach me [topic] as a patient tutor. Start by asking what I already know. Then explain one idea at a time with a concrete example, and after each idea ask me a question to check that I understood before moving on.', '{tutoring}'),
('analogies', 'Learning', 2, 'Three analogies for a concept', 'Different angles on a hard idea.',
 'Explain [concept] with three different analogies from everyday life. After each analogy, say where it breaks down, so I do not take it too far.', '{explain,concepts}'),
('quiz-me', 'Learning', 3, 'Quiz me', 'Questions of rising difficulty with feedback.',
 'Quiz me on [subject] with ten questions of rising difficulty. Ask one question at a time, wait for my answer, tell me if it is right and why, and adapt the next question to how I am doing.', '{practice,quiz}'),
('learning-plan', 'Learning', 4, 'Thirty-day learning plan', 'Daily practice toward a concrete skill.',
 'I want to be able to [skill goal] in 30 days with about [minutes] minutes a day. Make a plan with a weekly milestone, a daily exercise and a small project at the end of each week that proves progress.', '{planning,skills}'),
('common-misconceptions', 'Learning', 5, 'Common misconceptions', 'What beginners usually get wrong and why.',
 'List the most common misconceptions beginners have about [topic]. For each, explain why it feels true, what is actually the case, and a quick example that makes the difference obvious.', '{concepts}'),
('flashcards', 'Learning', 6, 'Make flashcards', 'Question and answer cards from study notes.',
 'Turn the notes below into 15 flashcards. Each card has a precise question on the front and a short answer on the back. Prefer questions that test understanding over ones that test pure recall.

[paste notes]', '{memory,study}'),
-- Business
('one-page-strategy', 'Business', 1, 'One-page strategy', 'Diagnosis, guiding policy and coherent actions.',
 'Help me write a one-page strategy for [team or company]. Start with a diagnosis of the main challenge, then a guiding policy for dealing with it, then four to six coherent actions. Point out any action that does not follow from the diagnosis.', '{strategy}'),
('pricing-options', 'Business', 2, 'Explore pricing options', 'Models, anchors and what each signals.',
 'We sell [product] to [customers] and currently charge [current price]. Propose three alternative pricing models, what each one signals to customers, who would be unhappy, and a simple experiment to test the most promising one.', '{pricing}'),
('risk-premortem', 'Business', 3, 'Run a pre-mortem', 'Imagine the project failed and explain why.',
 'Imagine it is one year from now and [project] has clearly failed. Write the most plausible story of why. Then list the warning signs we could watch for now and one action that would reduce each risk.', '{risk,planning}'),
('okr-draft', 'Business', 4, 'Draft objectives and key results', 'Measurable outcomes instead of task lists.',
 'Draft objectives and key results for [team] for next quarter, based on this context: [context]. Each key result must be a measurable outcome, not a task. Flag any key result that could be hit while the objective still fails.', '{goals,okr}'),
('stakeholder-update', 'Business', 5, 'Stakeholder update', 'Status, risks and asks in one short note.',
 'Write a short update for [stakeholders] on [project]. Use three parts: where we are against the plan, the top risks with what we are doing about them, and what we need from them. Keep it under 200 words and lead with the most important point.', '{communication,reporting}'),
('unit-economics', 'Business', 6, 'Check the unit economics', 'Revenue and cost per customer, with assumptions.',
 'Help me sanity-check the unit economics of [business]. Ask me for the numbers you need, then compute revenue per customer, cost to serve, acquisition cost and payback period. State every assumption and show which one the result is most sensitive to.', '{finance,metrics}'),
('job-to-be-done', 'Business', 7, 'Find the job to be done', 'What customers really hire the product for.',
 'Describe the job that customers hire [product] to do, in the form: when I am in this situation, I want this progress, so that this outcome. Give three candidate jobs, the competing alternatives for each, and what evidence would tell them apart.', '{product,customers}'),
-- Creative
('story-opening', 'Creative', 1, 'Three story openings', 'Different voices for the same premise.',
 'Write three different opening paragraphs for a story with this premise: [premise]. Use a different point of view and tone for each. After each, note what promise it makes to the reader.', '{fiction,writing}'),
('worldbuilding-questions', 'Creative', 2, 'Worldbuilding questions', 'Questions that make an invented world consistent.',
 'I am building a fictional world where [core idea]. Ask me twenty questions about its economy, beliefs, daily life, conflicts and history that would make it consistent and surprising. Group them by theme.', '{fiction,worldbuilding}'),
('brainstorm-wild', 'Creative', 3, 'Brainstorm without limits', 'Many ideas first, judgement later.',
 'Brainstorm 25 ideas for [challenge]. Include obvious ones, absurd ones and ones that break an assumption everyone makes. Do not judge them yet. Then pick the three most interesting and explain what makes each worth exploring.', '{ideas,brainstorming}'),
('poem-in-form', 'Creative', 4, 'A poem in a fixed form', 'Constraint as a creative tool.',
 'Write a poem about [subject] as a [form, for example sonnet, haiku sequence or villanelle]. Respect the form strictly. Afterwards explain one choice of word or image that the form forced you to make.', '{poetry}'),
('character-sketch', 'Creative', 5, 'Character sketch', 'Wants, fears and a contradiction.',
 'Create a character for a story set in [setting]. Describe what they want, what they fear, a habit that reveals them, and one contradiction in their personality. Then write a short scene that shows all of this without stating it.', '{fiction,character}'),
('name-ideas', 'Creative', 6, 'Name ideas', 'Names for a product, project or pet, with reasons.',
 'Suggest 20 names for [thing] that should feel [qualities]. Mix invented words, real words and combinations. For the five best, explain the associations and any risk, such as a meaning in another language.', '{naming,branding}'),
-- Data
('explain-a-chart', 'Data', 1, 'Explain what a chart shows', 'Main message, caveats and next questions.',
 'Here is the data behind a chart:

[paste data or description]

Tell me the main message in one sentence, the two most important details, anything that could mislead a reader (scale, missing data, small samples), and the next question I should ask.', '{visualisation,analysis}'),
('clean-a-dataset', 'Data', 2, 'Plan a data clean-up', 'Checks to run before trusting a dataset.',
 'I have a dataset with these columns: [columns]. List the checks I should run before trusting it: missing values, duplicates, impossible values, inconsistent categories and time zone issues. For each check give a concrete way to run it in [tool].', '{cleaning,quality}'),
('metric-definition', 'Data', 3, 'Define a metric precisely', 'Numerator, denominator and edge cases.',
 'Help me define the metric [metric name] precisely for [product]. Specify the numerator, the denominator, the time window, what is excluded and how to handle edge cases. Then describe one way the metric could go up while things get worse.', '{metrics,analytics}'),
('ab-test-readout', 'Data', 4, 'Read an A/B test result', 'What the numbers support and what they do not.',
 'Here are the results of an A/B test: [results]. Explain what they support, whether the sample is large enough, what could have biased the result, and what decision you would recommend, with your level of confidence.', '{experiments,statistics}'),
('spreadsheet-formula', 'Data', 5, 'Spreadsheet formula', 'A formula with a plain-language explanation.',
 'In a spreadsheet, column A holds [data] and column B holds [data]. Write a formula that [goal]. Explain how it works piece by piece and how it behaves with empty cells.', '{spreadsheets}'),
('analysis-plan', 'Data', 6, 'Analysis plan', 'Hypotheses, data and methods before touching the data.',
 'I want to find out [question] from [data source]. Before I look at the data, write an analysis plan: hypotheses, the exact data needed, the method for each hypothesis, and what result would count as support or refutation.', '{planning,analysis}'),
-- Career
('tailor-a-resume', 'Career', 1, 'Tailor a resume to a job', 'Match real experience to the posting.',
 'Here is a job posting:

[paste posting]

and my resume:

[paste resume]

Suggest edits that match my real experience to what the posting asks for. Rewrite up to five bullet points to show outcomes with numbers, and list gaps I should address in the cover letter. Do not invent experience.', '{resume,job-search}'),
('mock-interview', 'Career', 2, 'Mock interview', 'Realistic questions with feedback on each answer.',
 'Run a mock interview for a [role] position at a [type of company]. Ask one question at a time, mixing behavioural and role-specific questions. After each of my answers, give brief feedback on structure, specificity and what to add.', '{interview,practice}'),
('negotiate-an-offer', 'Career', 3, 'Prepare a salary negotiation', 'Arguments, numbers and the words to say.',
 'I received an offer of [offer] for [role] in [location]. Help me prepare a negotiation: the arguments I can make, a target and a walk-away number, and a short script for the call, including answers to likely pushback.', '{negotiation,salary}'),
('career-options', 'Career', 4, 'Explore career options', 'Paths that build on what I already have.',
 'My background: [background]. What I enjoy: [interests]. What I want to avoid: [constraints]. Suggest five career paths that build on this, the skills gap for each, and one small experiment to try each path within a month.', '{planning,growth}'),
('feedback-conversation', 'Career', 5, 'Prepare a feedback conversation', 'Specific, kind and actionable feedback.',
 'I need to give feedback to [person] about [behaviour]. Help me prepare: describe the situation, the behaviour and its impact, a question that invites their view, and a concrete request. Also suggest how to respond if they get defensive.', '{management,communication}'),
('linkedin-summary', 'Career', 6, 'Professional profile summary', 'A short summary that sounds like a person.',
 'Write a professional profile summary of about 100 words from these notes: [notes]. Make it sound like a person, not a list of buzzwords. Lead with the problem I solve and include one concrete achievement.', '{profile,personal-brand}'),
('first-90-days', 'Career', 7, 'Plan the first 90 days', 'Learn, earn trust, then deliver.',
 'I am starting as [role] at [company]. Draft a 90-day plan in three phases: learning, early wins and delivering on a larger goal. For each phase list the people to meet, the questions to ask and a sign that the phase went well.', '{onboarding,planning}');
