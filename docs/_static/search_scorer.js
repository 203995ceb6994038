// The site search's scorer (html_search_scorer in conf.py): Sphinx's default weights, and a
// spec clause found by its ID (an object of type "spec clause") ranked above the pages that
// merely mention it.
var Scorer = {
  score: (result) => {
    const [, , , descr, score, , kind] = result;
    if (kind === "object" && descr.startsWith("spec clause")) return score + 100;
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
