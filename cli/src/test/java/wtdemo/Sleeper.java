package wtdemo;

/** Works a little, says "ready", then keeps working until it is stopped from outside. */
public final class Sleeper {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 100_000; i++) sink += i % 7;
        System.out.println("ready");
        System.out.flush();
        while (true) {
            for (int i = 0; i < 1000; i++) sink += i % 3;
            Thread.sleep(5);
        }
    }
}
