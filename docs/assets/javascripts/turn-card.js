// The turn summary reference card's Print button: the browser's print dialog, which a phone
// keeps in a menu. One listener on the document, so a card that Material's instant navigation
// brings in works too.
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest(".ref-card__print")) window.print();
});
