import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * DynamoDB Local bound to 127.0.0.1. Its own main (ServerRunner) listens on every interface and has no
 * option for the address, so this builds the same server from the same command line, sets the host of
 * its Jetty connector before it opens, and starts it. It also skips the telemetry set-up of that main.
 * Run by scripts/local/dynamodb-local.ts with Java's source launcher (java -cp DynamoDBLocal.jar this-file).
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
  }
}
