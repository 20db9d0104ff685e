// The Print buttons of the turn summary's reference card and of its printable version: the
// browser's print dialog, which a phone keeps in a menu. One listener on the document, so a page
// that Material's instant navigation brings in works too.
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest(".print-page")) window.print();
});
