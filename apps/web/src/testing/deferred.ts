// A promise the test resolves when it chooses: to hold a request in flight and look at the page meanwhile.
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
