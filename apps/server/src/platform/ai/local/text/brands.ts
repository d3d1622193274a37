// The brand list the local engine matches label text against: brands resellers list on Vinted, Depop, eBay,
// Poshmark and Etsy (UK, EU, US and Polish high street, sportswear, outdoor, denim, designer, streetwear,
// shoes, bags, kids, lingerie, jewellery). The tier feeds the price table (decision 008).
//
// One brand per line: `Display name | alias | alias`. The display name is how the brand spells itself; the
// aliases are what labels, OCR and sellers write instead. A trailing `*` marks a name that is also an ordinary
// word ("Next", "Only", "House"): it counts only when it stands alone on a label line (see brand-match.ts).

export const BRAND_TIERS = ['luxury', 'premium', 'mid', 'value'] as const;
export type BrandTier = (typeof BRAND_TIERS)[number];

export interface Brand {
  name: string;
  tier: BrandTier;
  aliases: readonly BrandAlias[];
}

export interface BrandAlias {
  text: string;
  /** True for ordinary words: matched only when the alias is the whole line (brand-match.ts). */
  standaloneOnly: boolean;
}

const LUXURY = `
Alexander McQueen | McQueen
Alaïa | Alaia | Azzedine Alaia
Balenciaga
Balmain
Bottega Veneta
Brioni
Burberry | Burberry London | Burberrys
Celine | Céline
Chanel
Chloé | Chloe
Christian Dior | Dior
Christian Louboutin | Louboutin
Dolce & Gabbana | D&G | Dolce and Gabbana | Dolce Gabbana
Fendi
Givenchy
Gucci
Hermès | Hermes
Jimmy Choo
Loewe
Loro Piana
Louis Vuitton | LV
Manolo Blahnik | Manolo
Miu Miu
Moncler
Off-White | Off White | Off-White c/o Virgil Abloh
Prada
Saint Laurent | Saint Laurent Rive Gauche | Yves Saint Laurent | YSL | Saint Laurent Paris
Salvatore Ferragamo | Ferragamo
Tom Ford
Valentino | Valentino Garavani
Versace | Gianni Versace
Zegna | Ermenegildo Zegna
Brunello Cucinelli | Cucinelli
Kiton
Berluti
Goyard
Delvaux
Moynat
Rick Owens
Maison Margiela | Margiela | Maison Martin Margiela | MM6 Maison Margiela | MM6
Dries Van Noten
Comme des Garçons | Comme des Garcons | CDG | Comme des Garçons Play
Yohji Yamamoto | Y-3 | Y3
Issey Miyake | Pleats Please
Jil Sander
Lanvin
Emilio Pucci | Pucci
Etro
Missoni
Moschino | Love Moschino | Moschino Cheap and Chic
Roberto Cavalli | Just Cavalli | Cavalli
Giorgio Armani | Armani Collezioni
Alexander Wang
Marni
Max Mara | MaxMara
Oscar de la Renta
Carolina Herrera | CH Carolina Herrera
Roger Vivier
Sergio Rossi
Stella McCartney
The Row*
Tod's | Tods
Vivienne Westwood
Bally
Boucheron
Bulgari | Bvlgari
Cartier
Chopard
Tiffany & Co. | Tiffany | Tiffany and Co
Van Cleef & Arpels | Van Cleef
Graff*
Harry Winston
Omega*
Rolex
Patek Philippe
Audemars Piguet
Breitling
TAG Heuer | Tag Heuer
IWC | IWC Schaffhausen
Jaeger-LeCoultre | Jaeger LeCoultre
Mulberry
Aquazzura
Gianvito Rossi
René Caovilla | Rene Caovilla
Amina Muaddi
Khaite
Fear of God
Palm Angels
Amiri
Casablanca*
Jacquemus
Ami Paris | Ami Alexandre Mattiussi | AMI
Thom Browne
Canada Goose
Lemaire
Acne Studios | Acne | Acne Jeans
Chrome Hearts
Golden Goose | Golden Goose Deluxe Brand | GGDB
Isabel Marant | Isabel Marant Étoile | Isabel Marant Etoile
Zimmermann
Self-Portrait | Self Portrait
Proenza Schouler
Simone Rocha
Erdem
Molly Goddard
JW Anderson | J.W. Anderson
Ralph Lauren Collection | Ralph Lauren Purple Label | Purple Label
Paco Rabanne | Rabanne
Courrèges | Courreges
Mugler | Thierry Mugler
Jean Paul Gaultier | Gaultier | JPG
Kenzo
Sacai
Undercover*
Junya Watanabe
Visvim
Ann Demeulemeester
Haider Ackermann
Christopher Kane
Mary Katrantzou
Peter Pilotto
Roksanda
Emilia Wickstead
Victoria Beckham
Alessandra Rich
Giambattista Valli
Elie Saab
Marchesa
Jenny Packham
Needle & Thread | Needle and Thread
Temperley London | Temperley
Charlotte Olympia
Sophia Webster
Aspinal of London | Aspinal
`;

const PREMIUM = `
Smythson
Anya Hindmarch
Strathberry
Manu Atelier
Wandler
By Far*
Nanushka
Ganni
Toteme | Totême
Rotate Birger Christensen | Rotate*
Staud
Rixo | RIXO London
Saloni
Rejina Pyo
Ulla Johnson
Chloé See by Chloé | See by Chloe | See by Chloé
Ralph Lauren | Polo Ralph Lauren | Polo by Ralph Lauren | Lauren Ralph Lauren | RL | Polo Sport | Ralph Lauren Sport
Hugo Boss | Boss* | BOSS Orange | Boss Black | Hugo* | HUGO Hugo Boss
Tommy Hilfiger | Hilfiger | Tommy Jeans | Tommy* | Hilfiger Denim
Calvin Klein | CK | Calvin Klein Jeans | CK Jeans
Michael Kors | MK | Michael Michael Kors | MICHAEL Michael Kors
Kate Spade | Kate Spade New York
Coach*
Marc Jacobs | Marc by Marc Jacobs
Tory Burch
Diane von Furstenberg | DVF
Furla
Longchamp
Lacoste
Fred Perry
Barbour | Barbour International
Ted Baker | Ted Baker London
Paul Smith | PS Paul Smith | PS by Paul Smith
Vivienne Westwood Anglomania | Anglomania
AllSaints | All Saints
Reiss
Whistles*
Jigsaw*
Hobbs | Hobbs London
L.K.Bennett | LK Bennett
Karen Millen
Phase Eight
Mint Velvet
Sandro | Sandro Paris
Maje
Claudie Pierlot
The Kooples
Zadig & Voltaire | Zadig et Voltaire | Zadig and Voltaire
Sézane | Sezane
Ba&sh | Bash Paris | ba and sh
A.P.C. | APC
Agnès b. | Agnes b | Agnès b
Vanessa Bruno
Comptoir des Cotonniers
Gerard Darel
Paul & Joe | Paul and Joe
Filippa K
COS*
Arket
& Other Stories | Other Stories | and Other Stories
Massimo Dutti
Hackett | Hackett London
Gant*
Boden
Joules*
White Stuff
Fat Face | FatFace
Seasalt | Seasalt Cornwall
Hush*
Baukjen
ME+EM | ME EM | me and em
Jaeger
Aquascutum
Austin Reed
Crombie
Gieves & Hawkes | Gieves and Hawkes
Turnbull & Asser | Turnbull and Asser
Charles Tyrwhitt
T.M.Lewin | TM Lewin
Thomas Pink | Pink Shirtmaker
Hawes & Curtis | Hawes and Curtis
Oliver Sweeney
Church's | Churchs
Grenson
Loake
Tricker's | Trickers
Crockett & Jones | Crockett and Jones
Dr. Martens | Dr Martens | Doc Martens | AirWair | Air Wair
Hunter*
Le Chameau
Aigle
Woolrich
Parajumpers
Napapijri
Peuterey
Herno
Stone Island
C.P. Company | CP Company | C P Company
Belstaff
Sunspel
John Smedley
Pringle of Scotland | Pringle
Johnstons of Elgin | Johnstons
Brora
N.Peal | N Peal
Eric Bompard
Iris von Arnim
Allude*
Falke
Wolford
Hanro
Zimmerli
Emporio Armani | EA7 | Armani Exchange | AX Armani Exchange | Armani Jeans
Versace Jeans Couture | Versace Jeans | Versace Collection
Dsquared2 | DSquared | D Squared
Diesel
Replay*
Pinko
Liu Jo | Liu-Jo
Patrizia Pepe
Twinset | Twin-Set | Twin Set Simona Barbieri
Elisabetta Franchi
Guess*
Marciano | Marciano Guess
Karl Lagerfeld | Lagerfeld | Karl Lagerfeld Paris
Philipp Plein
Trussardi | Trussardi Jeans
Fay*
Hogan
Geox
Blauer | Blauer USA
Save the Duck
Colmar
Sportmax
Weekend Max Mara
Marella
Pennyblack | Penny Black
Max&Co | Max & Co | Max and Co | MAX&Co.
Marina Rinaldi
Escada | Escada Sport
Marc Cain
Riani
Windsor*
Strenesse
Closed*
Drykorn
Joop! | Joop
Baldessarini
Strellson
Bogner | Fire+Ice | Fire and Ice
Marc O'Polo | Marc OPolo | Marc O Polo
Armedangels
Hessnatur
Lanius
Luisa Cerano
Rich & Royal | Rich and Royal
Set Fashion
Herzensangelegenheit
Samsøe Samsøe | Samsoe Samsoe | Samsøe & Samsøe
Wood Wood
Norse Projects
Our Legacy
Hope* | Hope Stockholm
Tiger of Sweden
J.Lindeberg | J Lindeberg
Nudie Jeans | Nudie
Cheap Monday
Holzweiler
Stine Goya
Baum und Pferdgarten
Cecilie Bahnsen
Rains*
Marimekko
Ivana Helsinki
Malene Birger | By Malene Birger
Day Birger et Mikkelsen | Day Birger
Gestuz
Designers Remix
Munthe
Carven
Maison Kitsuné | Maison Kitsune | Kitsune
Sessùn | Sessun
Rouje
Musier Paris | Musier
Soeur*
Iro | IRO Paris
Berenice
American Vintage
Maison Labiche
Le Slip Français | Le Slip Francais
Armor-Lux | Armor Lux
Saint James
Petit Bateau
Bonpoint
Jacadi
Tartine et Chocolat
Cyrillus
Caramel* | Caramel London
Il Gufo
Mayoral
Patagonia
Arc'teryx | Arcteryx | Arc teryx
The North Face | North Face | TNF
Fjällräven | Fjallraven | Fjall Raven | Kanken | Kånken
Mammut
Ocún | Ocun
Rab
Montane
Haglöfs | Haglofs
Norrøna | Norrona
Salomon
Helly Hansen | HH
Icebreaker
Smartwool
Ortovox
Millet*
Berghaus
Peak Performance
Houdini
Klättermusen | Klattermusen
Black Diamond
Outdoor Research
Marmot
Mountain Hardwear
Columbia* | Columbia Sportswear
Timberland
UGG | Ugg Australia
Birkenstock
Veja
Axel Arigato
Common Projects
Filling Pieces
Autry
Superga
Camper*
Red Wing | Red Wing Shoes
Blundstone
R.M. Williams | RM Williams
Sebago
Sperry | Sperry Top-Sider
Russell & Bromley | Russell and Bromley
Kurt Geiger | KG Kurt Geiger
Carvela
Dune London | Dune*
Lululemon | Lululemon Athletica
Sweaty Betty
Varley
Alo Yoga | Alo
Vuori
Gymshark
Represent* | Represent Clo
Stüssy | Stussy
Supreme*
Palace* | Palace Skateboards
Carhartt | Carhartt WIP | Carhartt Work in Progress
Kith
Aimé Leon Dore | Aime Leon Dore | ALD
A Bathing Ape | BAPE | Bathing Ape
Billionaire Boys Club | BBC Ice Cream
Corteiz | Crtz
Trapstar
Sp5der | Spider Worldwide
Essentials Fear of God | Essentials*
Cole Buxton
Rhude
Gallery Dept | Gallery Department
Denim Tears
Maharishi
Neighborhood
Wtaps
Human Made
Kapital
Evisu
Edwin
AG Jeans | Adriano Goldschmied
Citizens of Humanity
Frame* | Frame Denim
Mother Denim | Mother*
7 For All Mankind | Seven For All Mankind | 7FAM | 7 for all man kind
True Religion
J Brand
Paige
Hudson Jeans | Hudson*
Re/Done* | Re Done* | RE/DONE*
Agolde
Rag & Bone | Rag and Bone
Vince
Theory*
Equipment*
Joie*
Reformation | The Reformation
Free People
Anthropologie
Madewell
J.Crew | J Crew | JCrew
Banana Republic
Club Monaco
Everlane
Eileen Fisher
Brooks Brothers
Vineyard Vines
Southern Tide
Johnnie-O | Johnnie O
Peter Millar
Faherty
Outerknown
Taylor Stitch
Todd Snyder
Bonobos
Alex Mill
Rails*
Pretty Green
Ben Sherman
Farah
Baracuta
Private White V.C. | Private White VC
Oliver Spencer
YMC | You Must Create
Folk* | Folk Clothing
Albam
Universal Works
Nigel Cabourn
Sunflower*
Kestin
Percival
Wax London
Uskees
Community Clothing
Hiut Denim
Levi's Vintage Clothing | LVC
Coccinelle
Radley | Radley London
Osprey London
Fiorelli Luxe
Lulu Guinness
Cambridge Satchel Company | Cambridge Satchel
Polène | Polene | Polene Paris
Lancel
Le Tanneur
Liebeskind | Liebeskind Berlin
Aigner | Etienne Aigner
Bree*
MCM
Valextra
Pandora*
Thomas Sabo
Swarovski
Monica Vinader
Missoma
Astrid & Miyu | Astrid and Miyu
Links of London
Daisy London
Alex and Ani
Kendra Scott
Mejuri
Ana Luisa
Jenny Bird
Otiumberg
Edge of Ember
Sif Jakobs
Maria Black
Pilgrim*
Dyrberg/Kern | Dyrberg Kern
Skagen
Daniel Wellington | DW
Fossil*
Tissot
Seiko
Citizen*
Longines
Rado
Hamilton*
Victoria's Secret | Victorias Secret | VS
La Perla
Agent Provocateur
Aubade
Simone Pérèle | Simone Perele
Chantelle
Triumph*
Calzedonia
Intimissimi
Hunkemöller | Hunkemoller
Bluebella
Figleaves
Panache*
Freya
Fantasie*
Elomi
Wacoal
Natori
Hanky Panky
Savage X Fenty | Savage x Fenty
Fenty
Skims
Spanx
Heist*
Orlebar Brown
Vilebrequin
Seafolly
Melissa Odabash
Heidi Klein
Missoni Mare
Solid & Striped | Solid and Striped
Frankies Bikinis
Triangl
Boux Avenue
Gossard
Passionata
Sloggi
Lonsdale London
`;

const MID = `
Levi's | Levis | Levi Strauss & Co | Levi Strauss | Levi | Levi's Red Tab | Levis Strauss
Zara | Zara Woman | Zara Basic | Zara Man | Zara Kids | Zara Trafaluc | TRF
Mango* | MNG | Mango Man | Mango Kids
Bershka
Pull&Bear | Pull and Bear | Pull & Bear | Pull Bear
Stradivarius
Oysho
Lefties
Uniqlo
Gap* | Gap Kids | GapKids | Baby Gap | babyGap
Old Navy
Next* | Next Retail
Marks & Spencer | M&S | Marks and Spencer | St Michael | St. Michael | M&S Collection | Autograph* | Per Una
River Island | RI
Topshop | Top Shop
Topman | Top Man
Miss Selfridge
Dorothy Perkins
Wallis
Evans*
Burton* | Burton Menswear
Oasis*
Warehouse*
Coast*
Monsoon*
Accessorize
French Connection | FCUK | FCUK French Connection
Superdry | Superdry Japan | Superdry. | Super Dry
Jack Wills
Hollister | Hollister California | Hollister Co
Abercrombie & Fitch | Abercrombie | Abercrombie and Fitch | A&F | Abercrombie Kids
American Eagle | American Eagle Outfitters | AEO | Aerie
Urban Outfitters | UO | BDG
Levi's Made & Crafted | Levis Made and Crafted
Wrangler
Lee | Lee Jeans
Lee Cooper
Pepe Jeans | Pepe Jeans London
G-Star Raw | G-Star | GStar | G Star Raw
Jack & Jones | Jack and Jones | Jack&Jones | J&J | Jack & Jones Premium | JJ
Only* | Only Denim | Only & Sons | Only and Sons
Vero Moda
Selected* | Selected Homme | Selected Femme
Pieces*
Vila* | Vila Clothes
Object* | Object Collectors Item
Noisy May
JDY | Jacqueline de Yong
Name It*
Mamalicious
Y.A.S | YAS
Monki*
Weekday*
H&M | HM | H & M | Hennes & Mauritz | Hennes | H&M Divided | Divided* | H&M Conscious | H&M Studio | Hennes and Mauritz
Lindex
KappAhl
Gina Tricot
Bik Bok
Cubus
Dressmann
Kaffe
InWear
Part Two*
b.young | b young | byoung
Ichi
Saint Tropez*
Soaked in Luxury
Culture* | Culture Copenhagen
Fransa
Cream* | Cream Clothing
Minus*
Numph
Esprit* | EDC by Esprit | EDC
s.Oliver | s Oliver | sOliver | s.Oliver Red Label | s.Oliver Black Label
Tom Tailor | Tom Tailor Denim
Street One
Cecil
Gerry Weber
Betty Barclay
Olsen
Bonita*
Comma*
Taifun
Opus*
Someday*
Cartoon*
More & More | More and More
Mustang*
Camel Active
Brax
Mac Jeans | MAC
Cambio*
Toni | Toni Dress
Alba Moda
Heine
Bonprix | bpc bonprix collection | bpc selection | BPC
Tchibo | TCM
Orsay
Promod
Camaïeu | Camaieu
Kiabi
Jennyfer
Pimkie
Naf Naf
Morgan | Morgan de Toi
Etam
Caroline Biss
Mim
Bréal | Breal
Celio
Jules* | Jules Homme
Brice
Devred
Cache Cache
Bonobo Jeans
Grain de Malice
Sym
Best Mountain
Le Temps des Cerises
Kaporal
Teddy Smith
Freeman T. Porter | Freeman T Porter
Chevignon
Redskins
Schott | Schott NYC
Serge Blanco
Eden Park
Façonnable | Faconnable
Hartford
Desigual
Springfield*
Cortefiel
Women'secret | Womens Secret | Women Secret
Pedro del Hierro
El Ganso
Bimba y Lola | Bimba Lola
Adolfo Domínguez | Adolfo Dominguez
Purificación García | Purificacion Garcia
Custo Barcelona | Custo
Sfera*
Tiffosi
Salsa* | Salsa Jeans
Benetton | United Colors of Benetton | UCB
Sisley
Tezenis
Falconeri
Motivi
Oltre*
Alcott
Piazza Italia
Carpisa
Yamamay
Kiko Milano
Stefanel
Fiorella Rubino
Imperial*
Please* | Please Jeans
Vicolo*
Kocca
Dixie*
Reserved* | RSRVD | Re.Design | Reserved Kids
Mohito
Medicine*
4F | 4 F | 4F Sport
Big Star | BigStar
Wólczanka | Wolczanka
Vistula*
Bytom*
Recman
Pako Lorente
Lancerto
Tatuum
Top Secret*
Troll*
Greenpoint
Quiosque
Simple* | Simple CP
Monnari
Ochnik
Wittchen
Kazar
Gino Rossi
Ryłko | Rylko
Lasocki
Badura
Venezia*
Patrizia Aryton
Solar*
Vissavi
Bohoboco
Le Collet
Mosquito*
Answear Lab | Answear
Molton
Potis & Verso | Potis and Verso
Lavard
Rage Age
Outhorn
Coccodrillo
5.10.15 | 5 10 15 | 51015
Endo
Smyk | Cool Club*
Wojas
Apart*
W.Kruk | W Kruk | WKruk
YES Biżuteria | Yes Bizuteria
Olika
Nike | Nike Air | Nike Sportswear | NSW | Nike Dri-Fit | Dri-FIT | Jordan* | Air Jordan | Nike ACG
Adidas | adidas Originals | Adidas Performance | Adidas Neo | Adidas Sportswear
Puma*
Reebok | Reebok Classic
New Balance | NB
Asics | Asics Tiger | Onitsuka Tiger | Onitsuka
Under Armour | UA | Under Armor
Converse* | Converse All Star | Chuck Taylor | All Star*
Vans* | Vans Off The Wall | Off The Wall*
Fila
Champion* | Champion Reverse Weave
Kappa
Ellesse
Umbro
Lonsdale
Everlast
Slazenger
Le Coq Sportif | Lecoq Sportif
Sergio Tacchini
Diadora
Lotto*
Mizuno
Saucony
Brooks* | Brooks Running
Hoka | Hoka One One
On Running | On Cloud | ON*
Merrell
Keen*
Teva
Skechers
Crocs
Hey Dude | HEYDUDE
Dr. Scholl's | Dr Scholl
K-Swiss | K Swiss
Etnies
DC Shoes | DC*
Globe*
Quiksilver
Roxy*
Billabong
Rip Curl | Ripcurl
O'Neill | ONeill | O Neill
Animal*
Hurley
Volcom
Element*
Santa Cruz
Thrasher
Obey*
HUF
Dickies
Caterpillar | CAT*
Regatta* | Regatta Great Outdoors
Trespass*
Craghoppers
Mountain Warehouse
Karrimor
Jack Wolfskin
Vaude
Quechua
Kathmandu*
Schöffel | Schoffel
McKinley
Icepeak
Luhta
Rukka
Didriksons
Reima
Kamik
Hi-Tec | Hi Tec
Gola
Spalding
Russell Athletic
Starter*
Admiral*
Hummel
Kangol
Castore
Adanola
Tala*
Oner Active
Pepper & Mayne | Pepper and Mayne
Girlfriend Collective
Beyond Yoga
Athleta
Fabletics
Clarks | Clarks Originals
Ecco
Rieker
Gabor
Tamaris
Marco Tozzi
Caprice*
Ara
Josef Seibel
Remonte
Lloyd
Bugatti*
Salamander*
Högl | Hogl
Paul Green
Think!*
Kickers
Aldo
Steve Madden
Nine West
Sam Edelman
Stuart Weitzman
Vagabond*
Faith*
Schuh*
Office* | Office London
Moda in Pelle
Hush Puppies
Rocket Dog
Toms
Havaianas
Ipanema*
Melissa*
FitFlop
Sorel
Muck Boot | Muck Boots
Nica
Zatchels
Kipling
Eastpak
JanSport | Jansport
Herschel | Herschel Supply Co
Samsonite
Tumi
Lipault
Antler*
Tommy Bahama
Chaps*
Nautica
Izod
Dockers
Haggar
Perry Ellis
Original Penguin | Penguin*
Van Heusen
Arrow*
Express*
Ann Taylor | Ann Taylor Loft | LOFT*
White House Black Market | WHBM
Chico's | Chicos
Talbots
J.Jill | J Jill
Coldwater Creek
Lands' End | Lands End
L.L.Bean | LL Bean | L L Bean
Eddie Bauer
Aeropostale | Aéropostale
Pacsun | PacSun | Pacific Sunwear
Zumiez
Tilly's | Tillys
Hot Topic
Torrid
Lane Bryant
Ashley Stewart
Eloquii
Who What Wear
Carter's | Carters | OshKosh | OshKosh B'gosh | Oshkosh Bgosh
The Children's Place | Childrens Place
Gymboree
Janie and Jack | Janie & Jack
Hanna Andersson
Mini Boden
Jojo Maman Bébé | JoJo Maman Bebe | Jojo
Frugi
Polarn O. Pyret | Polarn O Pyret | PO.P
Little Bird by Jools Oliver | Little Bird
Disney* | Disney Store
Lilly Pulitzer
Maurices
Buckle* | BKE
Silver Jeans | Silver Jeans Co
Miss Me
Rock Revival
Affliction*
Ed Hardy
Von Dutch
Juicy Couture | Juicy*
Baby Phat
Ecko Unltd | Ecko
Sean John
Rocawear
FUBU
Phat Farm
Karl Kani
Apple Bottoms
Bongo
Mudd
Delia's | Delias
Wet Seal
Forever New
Cotton On* | Cotton On Body | Cotton On Kids
Glassons
Country Road
Witchery
Seed Heritage
Sportsgirl
Princess Polly
Hello Molly
Showpo
Meshki
Oh Polly
House of CB | House of C B
Rat & Boa | Rat and Boa
Faithfull the Brand | Faithfull
Realisation Par
Never Fully Dressed | NFD
Kitri
Damson Madder
Lucy & Yak | Lucy and Yak
Lazy Oaf
Collusion*
Jaded London
Motel Rocks | Motel*
Kiss The Sky
Iets Frans
Daisy Street
Reclaimed Vintage
Miss Sixty
Killah
Energie
Blend* | Blend of America
Garcia* | Garcia Jeans
No Excess
Scotch & Soda | Scotch and Soda | Maison Scotch
Vanguard*
Cast Iron
PME Legend
Cars Jeans
Hampton Bays
Mexx
Expresso
Sandwich*
Summum | Summum Woman
Didi
Costes
Ms Mode
Zizzi
Junarose
Ulla Popken
Sheego
Anna Field
Even&Odd | Even and Odd
Pier One | Pier 1
Mint&Berry | Mint and Berry
Kiomi
Your Turn*
ASOS | ASOS Design | ASOS Edition | ASOS Curve | ASOS Petite | ASOS Tall | ASOS 4505
Vince Camuto
Jessica Simpson
BCBGMaxAzria | BCBG | BCBG Max Azria | BCBGeneration
Bebe
Cache*
Max Studio
Lucky Brand | Lucky*
Joe's Jeans | Joes Jeans
Kut from the Kloth
Democracy*
Liverpool Jeans | Liverpool Los Angeles
NYDJ | Not Your Daughter's Jeans | Not Your Daughters Jeans
Ariat
Justin Boots
Frye | The Frye Company
Tony Lama
Lucchese
Minnetonka
Cole Haan
St. John | St John Knits
Tahari | Elie Tahari
DKNY | Donna Karan | Donna Karan New York
Anne Klein
Kasper
Jones New York
Halogen
Caslon
Rinascimento
Kontatto
Uterqüe | Uterque
Blanco*
Olymp
Eterna
Seidensticker
Walbusch
Schiesser
Mey
Calida
Palmers
Zero*
Apanage
Frieda & Freddies | Frieda and Freddies
Pierre Cardin
IKKS
Caroll
Des Petits Hauts
Maison 123
Kookaï | Kookai
1.2.3 Paris | 123 Paris
Cop.Copine | Cop Copine
Armand Thiery
Jacqueline Riu
Okaïdi | Okaidi | Obaïbi | Obaibi
DPAM | Du Pareil au Même | Du Pareil au Meme
Sergent Major
Catimini
Vertbaudet
Absorba
Chipie
WE Fashion | WE*
Sissy-Boy | Sissy Boy
America Today
Shoeby
Ernest Jones
Beaverbrooks
Argento
Estella Bartlett
Orelia
Tada & Toy | Tada and Toy
Abbott Lyon
Folli Follie
Ti Sento
Nomination*
Trollbeads
Coeur de Lion
Casio | G-Shock | G Shock | Baby-G
Timex
Festina
Swatch
Accurist
Rotary*
Bravissimo
Curvy Kate
Pour Moi
Bali*
Maidenform
Warner's | Warners
Vanity Fair Lingerie
Wonderbra
Lascana
Esotiq
Gatta
Henderson*
Ava Lingerie
Gaia*
Dooney & Bourke | Dooney and Bourke
Vera Bradley
Baggallini
Tous*
Marc B
Puccini*
Betlewski
American Tourister
Delsey
Hatley
Molo
Mini Rodini
Liewood
Konges Sløjd | Konges Slojd
Bobo Choses
Little Marc Jacobs
Billieblush
Emile et Ida
Noukie's | Noukies
Steiff
Sanetta
Speedo
Arena*
Zoggs
Funkita
Maru
Miraclesuit
Bleu Rod Beattie
Jantzen
Catalina*
Kona Sol
Cupshe
`;

const VALUE = `
Primark | Penneys
Atmosphere* | Atmosphere Primark
Denim Co* | Denim Co Primark
Cedarwood State
Rebel* | Rebel Primark
Young Dimension
Love to Lounge
Shein | SHEIN Curve | Shein Collection
Romwe
Zaful
Cider*
Halara
Dazy
Emery Rose
Motf
Boohoo* | boohooMAN | Boohoo Man
PrettyLittleThing | Pretty Little Thing | PLT
Missguided*
Nasty Gal
New Look* | New Look 915 | 915 Generation
Matalan
Papaya* | Papaya Matalan
George* | George Asda | George at Asda
F&F | F and F | Florence & Fred | Florence and Fred | F&F Tesco
Tu* | Tu Clothing | TU Sainsbury's
Peacocks
Select Fashion | Select*
Bonmarché | Bonmarche
Yours Clothing | Yours*
Simply Be*
JD Williams
Jacamo
Studio Clothing
Quiz* | Quiz Clothing
Lipsy | Lipsy London
In The Style | ITS
Misspap
Femme Luxe
I Saw It First
Ann Summers
Forever 21 | F21 | Forever21
Dunnes Stores | Dunnes
Sinsay
House* | House Brand | Hause
Cropp | Cropp Town
Diverse* | Diverse System
Born2be | Born 2 be
Deezee
Pretty Girl*
Bialcon
Terranova
Tally Weijl
C&A | C and A | Canda | Clockhouse | Yessica | Westbury | Angelo Litrico | Here+There* | Palomino*
KiK
Takko | Takko Fashion
Ernsting's family | Ernstings Family
NKD
Pepco
Esmara
Crivit
Livergy
Lupilu
Pepperts
Zeeman
HEMA
OVS
Upim
Orchestra*
Bizzbee
Time and Tru | Time & Tru
No Boundaries
Faded Glory
Athletic Works
Jaclyn Smith
SO* | SO Kohls
Sonoma | Sonoma Goods for Life
LC Lauren Conrad
Croft & Barrow | Croft and Barrow
Apt. 9 | Apt 9
Tek Gear
Arizona Jean Co | Arizona Jeans
St. John's Bay | St Johns Bay
Worthington
A.N.A | ANA A New Approach
Universal Thread
Wild Fable
A New Day*
Knox Rose
Mossimo
Merona
Xhilaration
Cat & Jack | Cat and Jack
Liz Claiborne
Christopher & Banks | Christopher and Banks
Alfred Dunner
Gildan
Hanes
Fruit of the Loom
Jerzees
Port & Company | Port and Company
Damart
Cotton Traders
Roman Originals | Roman*
Principles*
Red Herring
Mantaray
Maine New England
The Collection* | The Collection Debenhams
Crosshatch
Brave Soul
Threadbare
Soul Cal | SoulCal | Soul Cal & Co
Firetrap
Donnay
No Fear
Miso*
Dunlop
USA Pro
Muddyfox
Gelert
Sik Silk | SikSilk
Good For Nothing
Mennace
Jameson Carter
Glamorous*
Wednesday's Girl | Wednesdays Girl
Influence*
Parfois*
Claire's | Claires | Claire's Accessories
Lovisa
H.Samuel | H Samuel
Sekonda
Limit*
Police*
Playtex
Dorina
Fiorelli
Bessie London
Gabol
Character*
Atlantic*
Kinga*
Babell
Julimex
Krisline
Ebelin
Blue Zoo
Rocha.Little.Rocha | Rocha Little Rocha
Mothercare
Nutmeg*
Lily & Dan | Lily and Dan
Ladybird*
Tammy
Bay Trading
Jane Norman
Yours London
Izabel London
AX Paris
Goddiva
Wal G
Girl in Mind
Gym King
Supply & Demand | Supply and Demand
McKenzie
Sonneti
Pink Soda Sport | Pink Soda
Nicce
Hype*
Montirex
Illustrated People
Criminal Damage
Religion* | Religion Clothing
Duck and Cover
Henleys
Voi Jeans | Voi
Bench*
Falmer Heritage
Joe Browns
Sosandar
Kettlewell
Crew Clothing | Crew Clothing Company
Finery* | Finery London
American Apparel
Bella+Canvas | Bella Canvas
Comfort Colors
Next Level Apparel
`;

function parseAlias(raw: string): BrandAlias {
  const text = raw.trim();
  return text.endsWith('*')
    ? { text: text.slice(0, -1).trim(), standaloneOnly: true }
    : { text, standaloneOnly: false };
}

function parseTier(table: string, tier: BrandTier): Brand[] {
  return table
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const aliases = line.split('|').map(parseAlias);
      return { name: aliases[0]?.text ?? '', tier, aliases };
    });
}

export const BRANDS: readonly Brand[] = [
  ...parseTier(LUXURY, 'luxury'),
  ...parseTier(PREMIUM, 'premium'),
  ...parseTier(MID, 'mid'),
  ...parseTier(VALUE, 'value'),
];
