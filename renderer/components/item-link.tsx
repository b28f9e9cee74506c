// An item's name as the way to its page (a real link: it can be opened by keyboard, and its address is the
// page's own).
import { itemPageHash, useNavigation } from '../state/navigation-store.ts';

export function ItemLink({ itemKey, name }: { itemKey: string; name: string }) {
  return (
    <a
      className="item-link"
      href={itemPageHash(itemKey)}
      onClick={(event) => {
        event.preventDefault();
        useNavigation.getState().openItemPage(itemKey);
      }}
    >
      {name}
    </a>
  );
}
