// The text half of the local listing engine: label text to facts (analyseText), facts to listing (writeListing).
export { analyseText } from './analyse-text';
export { type WrittenListing, writeListing } from './writer/write-listing';
