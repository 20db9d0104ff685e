// A page's Print button (data-print: the whole rulebook, the glossary): the browser's print
// dialog. One listener on the document, so a page that Material's instant navigation brings in
// works too.
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});
