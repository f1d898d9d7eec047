package dev.wholetrace.agent.heap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Calls on JDK collections through their interfaces and their classes, and on collections that are not modelled. */
public final class CollectionSubject {
    /** An application subclass: not a JDK collection, its calls are not modelled. */
    public static final class OwnList extends ArrayList<String> {}

    public static int calls(List<String> list, Map<String, Integer> map, ArrayList<String> array, Collection<String> any,
                            List<String> own, List<String> concurrent) {
        list.add("a");           // COLLECTION_WRITE java.util.ArrayList List.add (list is an ArrayList)
        int n = list.size();     // COLLECTION_READ java.util.ArrayList List.size
        map.put("k", 1);         // COLLECTION_WRITE java.util.HashMap Map.put
        n += map.get("k");       // COLLECTION_READ java.util.HashMap Map.get
        array.add(1, "b");       // COLLECTION_WRITE java.util.ArrayList ArrayList.add (two arguments, one of them an int)
        n += any.contains("x") ? 1 : 0; // COLLECTION_READ java.util.HashSet Collection.contains
        own.add("c");            // an OwnList: nothing
        concurrent.add("d");     // a CopyOnWriteArrayList: nothing
        List.of("e").forEach(list::add); // COLLECTION_WRITE java.util.ArrayList List::add, through a bridge
        return n;
    }

    public static Object[] arguments() {
        return new Object[] {new ArrayList<String>(), new HashMap<String, Integer>(), new ArrayList<>(List.of("z")),
                new java.util.HashSet<String>(), new OwnList(), new CopyOnWriteArrayList<String>()};
    }
}
