// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { SuggestionTagsEditor } from './admin/suggestion-tags-editor';
