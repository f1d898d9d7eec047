package wtdemo;

/** Loads classes of JDK modules the platform class loader defines (java.net.http, java.sql), as servers and clients do. */
public final class UsesJdkModules {
    public static void main(String[] args) throws Exception {
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.sql.Timestamp t = new java.sql.Timestamp(0);
        System.out.println("http " + client.version() + " sql " + t.getTime());
    }
}
