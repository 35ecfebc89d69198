import { AllModelsView } from '../screens/chat/all-models-view.js';

/** Wiring seam: the models, the side-by-side stream and the selection events come from the use cases. */
export default function AllModelsRoute() {
  return (
    <AllModelsView models={[]} selected={[]} onSelectedChange={() => undefined} subscribed={false} prompt={null} answers={[]}
      streaming={false} onSend={() => undefined} onStop={() => undefined} onCopySelection={() => undefined}
      onAddSelectionToChat={() => undefined} />
  );
}
